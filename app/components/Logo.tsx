import { useTranslation } from "react-i18next";

export function Logo({ className = "h-10 w-10" }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <svg viewBox="0 0 32 32" className={className} role="img" aria-label={t("app.logoLabel")}>
      <rect width="32" height="32" rx="6" fill="#1d4ed8" />
      <path d="M9 22V10h5.5a4.5 4.5 0 0 1 0 9H12.5v3zm3.5-6h2a1.5 1.5 0 0 0 0-3h-2z" fill="#fff" />
    </svg>
  );
}
