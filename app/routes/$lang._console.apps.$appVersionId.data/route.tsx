/**
 * /apps/{appVersionId}/data: the data attestation of a
 * version, only where data attestation is enabled for the app's country (elsewhere the person
 * is sent to /apps). Six texts, each required and at most 2,000 characters, and a data flow
 * diagram (a PDF under 9 MB: 'must be PDF', 'file must be less than 9MB'). A 404 of the API is
 * an empty form. Save only while the version can be edited; otherwise the form is read-only
 * with the reason. A save comes back here with `?savedData=true` and 'Saved successfully';
 * with JavaScript, leaving with unsaved changes asks first. The server side is
 * app/lib/apps/data-attestation.server.ts.
 */
import { getFormProps, getTextareaProps, useForm } from "@conform-to/react";
import {
  type ActionFunctionArgs,
  json,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  ATTESTATION_LIMITS,
  ATTESTATION_TEXT_FIELDS,
  type AttestationTextField,
} from "~/api/data-attestation/rules";
import { requireUser } from "~/auth.server";
import { AppErrorBoundary } from "~/components/apps/AppErrorBoundary";
import { CountedTextarea } from "~/components/apps/editor/CharacterCount";
import { EditorToolbar } from "~/components/apps/editor/EditorActions";
import { SaveBar, useDiscardGeneration } from "~/components/apps/editor/SaveBar";
import { useUnsavedChanges } from "~/components/apps/editor/UnsavedChanges";
import { useErrorSummary } from "~/components/apps/editor/useErrorSummary";
import { ErrorDialog } from "~/components/ErrorDialog";
import { ErrorSummary } from "~/components/ui/ErrorSummary";
import { FieldFrame } from "~/components/ui/Field";
import { checkForm } from "~/forms/check";
import {
  DATA_FIELDS,
  DATA_FORM_ID,
  type DataField,
  type DataFormName,
  DIAGRAM_FILE_FIELD,
  dataAttestationMessages,
} from "~/forms/data-attestation";
import i18next from "~/i18next.server";
import {
  attestationRules,
  attestationView,
  DATA_NAMESPACES,
  type DataSaveFailure,
  loadAttestation,
  loadAttestedVersion,
  saveAttestation,
} from "~/lib/apps/data-attestation.server";
import { versionSummary } from "~/lib/apps/editor.server";
import { errorMeta } from "~/lib/error-title";
import { withNamespaces } from "~/lib/namespaces";
import { keepAfterUnreachable } from "~/lib/outage";
import { hasFailed, pageTitle, useFailedTitle } from "~/lib/title";
import { inputClass } from "~/lib/ui-classes";

export const handle = { i18n: ["common", "appEditor", "dataAttestation"] };

/** Client navigations load the page's translations with its data. */
export const clientLoader = withNamespaces(handle.i18n);

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireUser(request, context);
  const version = await loadAttestedVersion(request, api, language, params.appVersionId);
  const attestation = await loadAttestation(request, api, version.id);
  const t = await i18next.getFixedT(request, [...DATA_NAMESPACES]);
  const summary = versionSummary(version);
  const status = t(`apps:status.${version.status}`, { defaultValue: version.status });
  const page = t("dataAttestation:pageTitle", {
    name: summary.name,
    version: summary.versionDisplay,
    status,
  });
  return json({
    page,
    title: pageTitle(t, page, hasFailed(context)),
    editable: summary.editable,
    readOnlyReason: summary.editable
      ? null
      : t(summary.isArchived ? "appEditor:notEditable.archived" : "appEditor:notEditable.status", {
          status,
        }),
    ...attestationView(attestation),
    rules: attestationRules(t, language),
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return saveAttestation(request, context, params.appVersionId);
}

/** After a save the provider was out of reach for, the form stays as typed. */
export const shouldRevalidate = keepAfterUnreachable;

export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  error ? errorMeta(error) : [{ title: data?.title }];

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

export default function DataAttestationPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DataSaveFailure | undefined;
  const { t } = useTranslation("dataAttestation");
  const { generation, discarded } = useDiscardGeneration();
  return (
    <>
      <h2 className="mb-2 text-2xl font-bold text-gray-900">{t("title")}</h2>
      <p className="mb-6 max-w-prose text-gray-800">{t("intro")}</p>
      <AttestationForm
        key={`${generation}|${data.resetKey}`}
        data={data}
        answer={answer}
        onDiscard={discarded}
      />
      <ErrorDialog error={answer?.apiError} />
    </>
  );
}

function AttestationForm({
  data,
  answer,
  onDiscard,
}: {
  data: LoaderData;
  answer?: DataSaveFailure;
  onDiscard: () => void;
}) {
  const { t, i18n } = useTranslation("dataAttestation");
  const navigation = useNavigation();
  const [form, fields] = useForm<Record<DataFormName, string>>({
    id: DATA_FORM_ID,
    lastResult: answer?.result,
    defaultValue: data.defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      checkForm(formData, data.rules, (payload) =>
        dataAttestationMessages(t, i18n.language, payload),
      ),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const unsaved = useUnsavedChanges(formRef, {
    resetKey: data.resetKey,
    siblings: [],
    enabled: data.editable,
  });

  const idOf = (name: DataField) => `${DATA_FORM_ID}-${name}`;
  const errorOf = (name: DataField) =>
    name === DIAGRAM_FILE_FIELD
      ? form.allErrors[DIAGRAM_FILE_FIELD]?.[0]
      : fields[name].errors?.[0];
  const { summary, onSubmitted } = useErrorSummary({
    order: DATA_FIELDS,
    errorOf: (name) => errorOf(name as DataField),
    idOf: (name) => idOf(name as DataField),
    labelOf: (name) => t(`fields.${name}.label`),
    lastResult: answer?.result,
  });
  useFailedTitle(data.page, summary.length > 0 || Boolean(answer?.apiError));

  const formProps = getFormProps(form);
  const submitting =
    navigation.state === "submitting" && navigation.formMethod?.toUpperCase() === "POST";
  const diagramId = String(fields.dataFlowDiagramId.initialValue ?? "");
  const diagramName = String(fields.dataFlowDiagramName.initialValue ?? "");
  const diagramError = errorOf(DIAGRAM_FILE_FIELD);
  const diagramHint =
    `${t("fields.diagram.hint")} ${diagramName ? `${t("fields.diagram.current", { name: diagramName })} ${data.editable ? t("fields.diagram.replace") : ""}` : t("fields.diagram.none")}`.trim();

  return (
    <>
      <ErrorSummary errors={summary} />
      <Form
        method="post"
        encType="multipart/form-data"
        {...formProps}
        ref={formRef}
        onSubmit={(event) => {
          formProps.onSubmit(event);
          onSubmitted();
        }}
        className="space-y-6"
      >
        <EditorToolbar editable={data.editable} readOnlyReason={data.readOnlyReason ?? undefined} />
        <fieldset disabled={!data.editable} className="space-y-6 rounded-lg bg-white p-6 shadow">
          <legend className="sr-only">{t("legend")}</legend>
          {ATTESTATION_TEXT_FIELDS.map((name) => (
            <AttestationText key={name} name={name} field={fields[name]} error={errorOf(name)} />
          ))}
          <input type="hidden" name="dataFlowDiagramId" value={diagramId} />
          <input type="hidden" name="dataFlowDiagramName" value={diagramName} />
          <FieldFrame
            id={idOf(DIAGRAM_FILE_FIELD)}
            label={`${t("fields.diagram.label")} ${t("appEditor:required")}`}
            hint={diagramHint}
            error={diagramError}
          >
            {(aria) => (
              <input
                {...aria}
                type="file"
                name={DIAGRAM_FILE_FIELD}
                accept="application/pdf,.pdf"
                className={`${inputClass(diagramError)} sm:max-w-xl`}
              />
            )}
          </FieldFrame>
        </fieldset>
        <SaveBar
          editable={data.editable}
          busy={submitting}
          dirty={unsaved.dirty}
          onDiscard={onDiscard}
        />
      </Form>
      {unsaved.dialog}
    </>
  );
}

type TextField = ReturnType<
  typeof useForm<Record<AttestationTextField, string>>
>[1][AttestationTextField];

/** One of the six texts, with its live character count. */
function AttestationText({
  name,
  field,
  error,
}: {
  name: AttestationTextField;
  field: TextField;
  error?: string;
}) {
  const { t, i18n } = useTranslation("dataAttestation");
  const max = new Intl.NumberFormat(i18n.language).format(ATTESTATION_LIMITS.textMax);
  return (
    <CountedTextarea
      {...getTextareaProps(field, { ariaAttributes: false })}
      key={field.key}
      label={`${t(`fields.${name}.label`)} ${t("appEditor:required")}`}
      hint={`${t(`fields.${name}.hint`)} ${t("countHint", { max })}`}
      error={error}
      rows={4}
      max={ATTESTATION_LIMITS.textMax}
    />
  );
}

export const ErrorBoundary = AppErrorBoundary;
