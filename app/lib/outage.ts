/**
 * A submission the provider could not be reached for answers 503 (the typed values and the
 * error dialog: app/lib/apps/editor.server.ts `answerStatus`). After it, the pages on screen
 * keep what they show: reloading their data would fail the same way and put an error page
 * where the form was. Routes whose loaders call the provider use this in `shouldRevalidate`.
 */
import type { ShouldRevalidateFunctionArgs } from "@remix-run/react";

export const UNREACHABLE_STATUS = 503;

/** True after a submission answered that the provider could not be reached. */
export const afterUnreachable = ({
  actionStatus,
}: Pick<ShouldRevalidateFunctionArgs, "actionStatus">) => actionStatus === UNREACHABLE_STATUS;

/** `shouldRevalidate` of a route with nothing else to decide: Remix's default, except after an unreachable provider. */
export const keepAfterUnreachable = (args: ShouldRevalidateFunctionArgs) =>
  !afterUnreachable(args) && args.defaultShouldRevalidate;
