/**
 * A labelled form field with hint and error, wired for assistive technology:
 * aria-invalid and aria-describedby point at the error and the hint.
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { inputClass } from "~/lib/ui-classes";

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  children: (aria: {
    id: string;
    "aria-invalid": boolean;
    "aria-describedby"?: string;
  }) => ReactNode;
  className?: string;
}

export function describedBy(id: string, hint?: ReactNode, error?: string) {
  const ids = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function FieldFrame({ id, label, hint, error, children, className = "" }: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-semibold text-gray-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      {children({
        id,
        "aria-invalid": Boolean(error),
        "aria-describedby": describedBy(id, hint, error),
      })}
    </div>
  );
}

type InputFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

export function InputField({ id, label, hint, error, className, ...input }: InputFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => <input {...aria} className={inputClass(error)} {...input} />}
    </FieldFrame>
  );
}

type TextareaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
};

export function TextareaField({
  id,
  label,
  hint,
  error,
  className,
  ...textarea
}: TextareaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {(aria) => <textarea {...aria} className={inputClass(error)} {...textarea} />}
    </FieldFrame>
  );
}

/** A select's options: the empty 'choose…' option first, then one per choice. */
export function SelectOptions({
  placeholder,
  choices,
}: {
  placeholder: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <>
      <option value="">{placeholder}</option>
      {choices.map((choice) => (
        <option key={choice.value} value={choice.value}>
          {choice.label}
        </option>
      ))}
    </>
  );
}
