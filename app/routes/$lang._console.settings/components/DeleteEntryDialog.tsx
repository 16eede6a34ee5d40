/**
 * The confirmation of deleting a regional entry. Its buttons post (`keep`, `delete:{index}`)
 * without JavaScript; with it the tab handles them in the page.
 */
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/Button";
import { Modal } from "~/components/ui/Modal";

export function DeleteEntryDialog({
  index,
  country,
  onKeep,
  onDelete,
  onClose,
}: {
  /** The entry's place in the list. */
  index: number;
  /** The entry's title. */
  country: string;
  onKeep: (event: MouseEvent<HTMLButtonElement>) => void;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(["settings", "common"]);
  return (
    <Modal open alert title={t("company.deleteTitle", { country })} onClose={onClose}>
      <p className="text-gray-800">{t("company.deleteBody")}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <Button
          type="submit"
          name="intent"
          value="keep"
          variant="secondary"
          formNoValidate
          onClick={onKeep}
        >
          {t("common:confirm.no")}
        </Button>
        <Button
          type="submit"
          name="intent"
          value={`delete:${index}`}
          variant="danger"
          formNoValidate
          onClick={onDelete}
        >
          {t("common:confirm.yes")}
        </Button>
      </div>
    </Modal>
  );
}
