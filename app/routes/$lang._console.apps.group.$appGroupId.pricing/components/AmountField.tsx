/** A price field: the currency's symbol before a text input of decimals. */
import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { FieldFrame } from "~/components/ui/Field";
import { inputClass } from "~/lib/ui-classes";

export function AmountField({
  field,
  label,
  hint,
  symbol,
}: {
  field: FieldMetadata<string>;
  label: string;
  hint: string;
  symbol: string;
}) {
  const error = field.errors?.[0];
  return (
    <FieldFrame id={field.id} label={label} hint={hint} error={error}>
      {(aria) => (
        <div className="flex max-w-xs items-center gap-2">
          <span aria-hidden="true" className="text-lg font-semibold text-gray-900">
            {symbol}
          </span>
          <input
            {...aria}
            {...getInputProps(field, { type: "text", ariaAttributes: false })}
            key={field.key}
            inputMode="decimal"
            autoComplete="off"
            className={inputClass(error)}
          />
        </div>
      )}
    </FieldFrame>
  );
}
