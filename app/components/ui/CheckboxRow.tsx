/** A checkbox with its label and hint beside it; `errorId` names the message of a failed check. */
import type { InputHTMLAttributes, ReactNode } from "react";

interface CheckboxRowProps {
  /** The checkbox's props (conform's `getInputProps`); its id names the label and hint. */
  input: InputHTMLAttributes<HTMLInputElement> & { id: string };
  className: string;
  labelClassName: string;
  label: ReactNode;
  hint: ReactNode;
  invalid?: boolean;
  errorId?: string | null;
}

export function CheckboxRow({
  input,
  className,
  labelClassName,
  label,
  hint,
  invalid,
  errorId,
}: CheckboxRowProps) {
  const hintId = `${input.id}-hint`;
  return (
    <div className="flex items-start gap-3">
      <input
        {...input}
        aria-invalid={invalid}
        aria-describedby={[errorId, hintId].filter(Boolean).join(" ")}
        className={className}
      />
      <div>
        <label htmlFor={input.id} className={labelClassName}>
          {label}
        </label>
        <p id={hintId} className="text-sm text-gray-700">
          {hint}
        </p>
      </div>
    </div>
  );
}
