/**
 * The error summary of an editor form, as a snapshot taken at each submit (the browser's
 * check) and at each answer of the server, so that it does not move while the person
 * corrects fields (the summary takes focus when it changes). The page title gets its
 * 'Error:' prefix while the summary shows. Each entry names its field: a message that does
 * not ('This URL is invalid...', 'Image size invalid') gets the field's label in front.
 */
import type { SubmissionResult } from "@conform-to/react";
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SummaryError } from "~/components/ui/ErrorSummary";

interface Options {
  /** Field names in the order of the form. */
  order: readonly string[];
  /** The current (browser) error of a field. */
  errorOf: (name: string) => string | undefined;
  /** The id a summary entry links to. */
  idOf: (name: string) => string;
  /** The server's last answer. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The label of a field, as the page shows it. */
  labelOf: (name: string) => string;
}

/** A summary entry that names its field. */
export function namedEntry(
  message: string,
  label: string,
  entry: (values: { field: string; message: string }) => string,
): string {
  return message.toLocaleLowerCase().includes(label.toLocaleLowerCase())
    ? message
    : entry({ field: label, message });
}

export function useErrorSummary({ order, errorOf, idOf, lastResult, labelOf }: Options) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<"client" | "server">("server");
  useEffect(() => {
    if (lastResult) setSource("server");
  }, [lastResult]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a snapshot, taken again only at a submit (attempt) or an answer of the server
  const summary = useMemo<SummaryError[]>(() => {
    const server = lastResult?.error ?? {};
    return order.flatMap((name) => {
      const message = source === "server" ? server[name]?.[0] : errorOf(name);
      return message
        ? [
            {
              id: idOf(name),
              message: namedEntry(message, labelOf(name), (values) =>
                t("common:form.summaryEntry", values),
              ),
            },
          ]
        : [];
    });
  }, [source, attempt, lastResult]);
  const onSubmitted = (_event?: FormEvent) => {
    setSource("client");
    setAttempt((count) => count + 1);
  };
  return { summary, onSubmitted };
}
