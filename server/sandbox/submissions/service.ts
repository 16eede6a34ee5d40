/**
 * The submissions area of the provider (`app-submissions/*`): submit, submit to live,
 * resubmit, withdraw, pause and unpause requests, go-live, archive and roll back, each checked
 * against the status table, with the submission blockers and the documents rules of the
 * contract (app/api/submissions/rules.ts). Every id is looked up within the caller's company
 * (404 otherwise); every move is recorded in the state history.
 */
import type { Caller, SandboxContext } from "../context";
import type { StatusRequestInput, SubmissionInput } from "./answers";
import { init, list, ownsVersion, timeline } from "./read";
import { archive, goLive, request, submit } from "./write";

export {
  blockersOf,
  namesOf,
  requestAnswer,
  type StatusRequestInput,
  type SubmissionInput,
} from "./answers";

export type SubmissionsService = ReturnType<typeof createSubmissionsService>;

export function createSubmissionsService(ctx: SandboxContext) {
  return {
    ownsVersion: (caller: Caller, id: string) => ownsVersion(ctx, caller, id),
    init: (caller: Caller, versionId: string) => init(ctx, caller, versionId),
    list: (caller: Caller, groupId: string) => list(ctx, caller, groupId),
    timeline: (caller: Caller, groupId: string) => timeline(ctx, caller, groupId),
    submit: (caller: Caller, body: SubmissionInput) => submit(ctx, caller, body),
    request: (
      caller: Caller,
      kind: "pause" | "unpause",
      versionId: string,
      body: StatusRequestInput,
    ) => request(ctx, caller, kind, versionId, body),
    goLive: (caller: Caller, versionId: string) => goLive(ctx, caller, versionId),
    archive: (caller: Caller, versionId: string) => archive(ctx, caller, versionId),
  };
}
