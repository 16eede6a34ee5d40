/**
 * The approval page's action: `create` (a new pre-approval, posted multipart: the documents
 * are checked by the contract's document rules, uploaded with `POST files?fileType=0`, then
 * `POST app-approvals`), `withdraw` (a pending one) and `unarchive` (the archived app, before
 * the form). The person and the group are checked before a byte of the body is read.
 */
import { type AppLoadContext, json } from "@remix-run/node";
import { createPreApproval, withdrawPreApproval } from "~/api/approvals/endpoints";
import { setArchived } from "~/api/apps/endpoints";
import { ApiError } from "~/api/client.server";
import { parseForm } from "~/forms/parse.server";
import { FILES_FIELD, REVIEW_LIMITS, reviewRuleMessage } from "~/forms/review";
import { preApprovalSchema } from "~/forms/review.server";
import i18next from "~/i18next.server";
import { refusalText } from "~/lib/apps/review.server";
import {
  FormTooLargeError,
  StoppedBeforeFiles,
  type UploadFolder,
  withUploadFolder,
} from "~/lib/multipart.server";
import { pageSearch } from "~/lib/page-action";
import { markFailed } from "~/lib/title";
import { redirectWithError, redirectWithToast } from "~/session.server";
import {
  documentCodeMessage,
  documentMessages,
  readApprovalForm,
  uploadDocuments,
} from "./documents.server";
import { loadApprovals } from "./load.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const INTENTS = ["create", "withdraw", "unarchive"] as const;

async function act(
  request: Request,
  context: AppLoadContext,
  loaded: Awaited<ReturnType<typeof loadApprovals>>,
  folder: UploadFolder,
) {
  const { api, language, group, majors } = loaded;
  const url = new URL(request.url);
  const search = pageSearch(url.search);
  search.delete("new");
  search.delete("withdraw");
  const back = `${url.pathname}${search.size ? `?${search}` : ""}`;
  const t = await i18next.getFixedT(request, ["review", "common"]);
  const schema = preApprovalSchema(t, language, {
    versionMajorIds: majors.map((m) => m.versionMajorId),
  });
  const fail = (formData: FormData, extra: Record<string, string[]>, status = 400) => {
    markFailed(context);
    const submission = parseForm(formData, schema);
    const fieldErrors = {
      ...(submission.status === "error" ? (submission.error as Record<string, string[]>) : {}),
      ...extra,
    };
    return json({ result: submission.reply({ fieldErrors }), apiError: null }, status);
  };
  // Documents come only with a new pre-approval of a version the group may name (the form
  // sends its fields first): any other post is refused before its documents are read.
  const versionRefused = (fields: FormData) => {
    const submission = parseForm(fields, schema);
    return submission.status === "error" && Boolean(submission.error?.versionMajorId);
  };
  let read: Awaited<ReturnType<typeof readApprovalForm>>;
  try {
    read = await readApprovalForm(request, folder, {
      beforeFiles: (fields) => fields.get("intent") === "create" && !versionRefused(fields),
    });
  } catch (error) {
    if (error instanceof StoppedBeforeFiles) {
      if (error.fields.getAll("intent").join() !== "create")
        throw new Response("Unknown intent.", { status: 400 });
      return fail(error.fields, {});
    }
    if (!(error instanceof FormTooLargeError)) throw error;
    // More parts than a form of ten documents has: nothing of it is kept.
    markFailed(context);
    return json(
      {
        result: null,
        apiError: { detail: t("review:documents.errors.formTooLarge"), status: 413 },
      },
      413,
    );
  }
  const { formData, documents } = read;
  const intent = INTENTS.find((name) => name === formData.get("intent"));
  if (!intent || formData.getAll("intent").length !== 1)
    throw new Response("Unknown intent.", { status: 400 });

  if (intent === "unarchive") {
    try {
      await api.call(setArchived, {
        params: { groupId: group.appGroupId },
        query: { flag: "false" },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(back, refusalText(t, error, "savingData"));
    }
    return redirectWithToast(`${url.pathname}?new=1`, { key: "unarchived" });
  }

  if (intent === "withdraw") {
    const id = formData.get("id");
    if (typeof id !== "string" || !UUID.test(id))
      throw new Response("id must be the id of a pre-approval.", { status: 400 });
    try {
      await api.call(withdrawPreApproval, { params: { id } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return redirectWithError(
        back,
        error.status === 404
          ? { detail: t("review:errors.unknownPreApproval") }
          : refusalText(t, error, "requestFailed"),
      );
    }
    return redirectWithToast(back, { key: "preApprovalWithdrawn" });
  }

  const submission = parseForm(formData, schema);
  const picked = documentMessages(t, language, documents);
  if (submission.status !== "success" || picked.length > 0)
    return fail(formData, picked.length ? { [FILES_FIELD]: picked } : {});

  const uploaded = await uploadDocuments(api, t, language, documents);
  if (uploaded.messages.length) return fail(formData, { [FILES_FIELD]: uploaded.messages });
  try {
    await api.call(createPreApproval, {
      body: {
        groupId: group.appGroupId,
        versionMajorId: submission.value.versionMajorId,
        submissionNotes: submission.value.submissionNotes,
        documents: uploaded.ids,
      },
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.status === 400 && error.errors) {
      const fieldErrors: Record<string, string[]> = {};
      for (const [path, code] of Object.entries(error.errors)) {
        const field = path.startsWith("documents") ? FILES_FIELD : path;
        const label = t(`review:preApproval.fields.${field === FILES_FIELD ? "documents" : field}`);
        const message =
          documentCodeMessage(t, code, "") ??
          reviewRuleMessage(t, language, code, label, {
            max: REVIEW_LIMITS.preApprovalNotesMax,
            mandatory: true,
          });
        if (message) fieldErrors[field] = [...(fieldErrors[field] ?? []), message];
      }
      if (Object.keys(fieldErrors).length) return fail(formData, fieldErrors);
    }
    return redirectWithError(back, refusalText(t, error, "submission"));
  }
  return redirectWithToast(back, { key: "submittedSuccessfully" });
}

export async function actOnPreApprovals(
  request: Request,
  context: AppLoadContext,
  appGroupId: string | undefined,
) {
  const loaded = await loadApprovals(request, context, appGroupId);
  return withUploadFolder((folder) => act(request, context, loaded, folder));
}
