/** Icons from the SVG sprite (public/icons.svg); decorative unless given a label. */
export type IconName =
  | "apps"
  | "instances"
  | "usage"
  | "settings"
  | "book"
  | "code"
  | "close"
  | "external"
  | "download"
  | "desktop"
  | "web"
  | "reporting"
  | "connector"
  | "plus"
  | "bold"
  | "paragraph"
  | "heading-1"
  | "heading-2"
  | "list-bullet"
  | "list-numbered"
  | "undo"
  | "upload"
  | "flask";

export function Icon({
  name,
  className = "h-5 w-5",
  label,
}: {
  name: IconName;
  className?: string;
  label?: string;
}) {
  return (
    <svg
      className={className}
      aria-hidden={label ? undefined : true}
      role={label ? "img" : undefined}
      aria-label={label}
      focusable="false"
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
