/**
 * A dialog's form: it posts to the page's action, replacing the dialog's history entry and
 * keeping the page's scroll, with conform's form props and the hidden fields that say what it
 * posts (the intent, the location...), in the order given.
 */
import { type FormMetadata, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

export function DialogForm<Schema extends Record<string, unknown>>({
  form,
  hidden = {},
  encType,
  className = "space-y-5",
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  /** Hidden fields by name. */
  hidden?: Record<string, string>;
  /** A form with a file: multipart. */
  encType?: "multipart/form-data";
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form
      method="post"
      encType={encType}
      replace
      preventScrollReset
      {...getFormProps(form)}
      className={className}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}
