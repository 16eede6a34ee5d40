import { describe, expect, it, vi } from "vitest";
import { type ApiClient, ApiError } from "~/api/client.server";
import { png } from "../../../server/conformance/files";
import { applyIconChoice, readEditorForm } from "./icon.server";

const post = (form: FormData) =>
  new Request("http://console.test/en-AU/apps/1/web", { method: "POST", body: form });

function itemForm(icon?: { bytes: Uint8Array; name?: string }, extra: [string, string][] = []) {
  const form = new FormData();
  form.append("intent", "item");
  form.append("name", "Sync");
  for (const [name, value] of extra) form.append(name, value);
  if (icon)
    form.append(
      "iconFile",
      new Blob([new Uint8Array(icon.bytes)], { type: "image/png" }),
      icon.name ?? "icon.png",
    );
  return form;
}

/** A provider client whose upload answers `answer` (or throws it). */
function client(answer: { id: string; url: string } | ApiError) {
  const call = vi.fn(async () => {
    if (answer instanceof ApiError) throw answer;
    return answer;
  });
  return { api: { call } as unknown as ApiClient, call };
}

describe("the item dialog's icon", () => {
  it("reads the chosen file apart from the form's fields, with its whole size", async () => {
    const { formData, iconFile } = await readEditorForm(
      post(itemForm({ bytes: png(32, 32, { minBytes: 80 * 1024 }) })),
    );
    expect(formData.get("name")).toBe("Sync");
    expect(formData.has("iconFile")).toBe(false);
    expect(iconFile?.size).toBeGreaterThanOrEqual(80 * 1024);
    // Kept: the limit and a byte, enough to tell it is too big.
    expect(iconFile?.bytes.byteLength).toBe(50 * 1024 + 1);
    expect((await readEditorForm(post(itemForm()))).iconFile).toBeUndefined();
  });

  it("refuses a list index no page sends before any form is read into lists", async () => {
    const rows = (index: number) =>
      itemForm(undefined, [
        ["intent", "exceptions"],
        [`exceptions[${index}].url`, "https://example.com/"],
      ]);
    await expect(readEditorForm(post(rows(100_000)))).rejects.toMatchObject({ status: 400 });
    expect((await readEditorForm(post(rows(999)))).formData.get("exceptions[999].url")).toBe(
      "https://example.com/",
    );
  });

  it("refuses a second icon file", async () => {
    const form = itemForm({ bytes: png(32, 32) });
    form.append("iconFile", new Blob([new Uint8Array(png(32, 32))]), "second.png");
    await expect(readEditorForm(post(form))).rejects.toMatchObject({ status: 400 });
  });

  it("uploads a good icon as a function icon and puts it in the form", async () => {
    const { formData, iconFile } = await readEditorForm(
      post(itemForm({ bytes: png(32, 32) }, [["iconSvg", "<svg/>"]])),
    );
    const { api, call } = client({ id: "image-1", url: "https://provider.test/images/image-1" });
    expect(
      await applyIconChoice(api, formData, iconFile, { actionType: "button", allowSvg: false }),
    ).toEqual({});
    expect(call).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ query: { purpose: "function-icon", listItem: "false" } }),
    );
    expect(formData.get("icon.id")).toBe("image-1");
    expect(formData.get("icon.url")).toBe("https://provider.test/images/image-1");
    expect(formData.has("iconSvg")).toBe(false);
  });

  it("checks a list item's icon as 24x24 and says which rule a file breaks, uploading nothing", async () => {
    const { api, call } = client({ id: "image-1", url: "https://provider.test/i" });
    const judged = async (bytes: Uint8Array, actionType: "button" | "list-item") => {
      const { formData, iconFile } = await readEditorForm(post(itemForm({ bytes })));
      return (await applyIconChoice(api, formData, iconFile, { actionType, allowSvg: false }))
        .refused;
    };
    expect(await judged(png(100, 100), "button")).toBe("invalidSize");
    expect(await judged(png(32, 32), "list-item")).toBe("invalidSize");
    expect(await judged(png(32, 32, { minBytes: 60 * 1024 }), "button")).toBe("sizeGreater50KB");
    expect(await judged(new TextEncoder().encode("not an image"), "button")).toBe("invalidType");
    expect(call).not.toHaveBeenCalled();
    expect(await judged(png(24, 24), "list-item")).toBeUndefined();
    expect(call).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ query: { purpose: "function-icon", listItem: "true" } }),
    );
  });

  it("takes the provider's refusal in the schema's codes, and hands back any other failure", async () => {
    const refusal = new ApiError(400, "images", "refused", "trace", "file", {
      file: "imageTypeInvalid",
    });
    const { formData, iconFile } = await readEditorForm(post(itemForm({ bytes: png(32, 32) })));
    expect(
      await applyIconChoice(client(refusal).api, formData, iconFile, {
        actionType: "button",
        allowSvg: false,
      }),
    ).toEqual({ refused: "invalidType" });
    const down = new ApiError(503, "images", "down");
    expect(
      (
        await applyIconChoice(client(down).api, formData, iconFile, {
          actionType: "button",
          allowSvg: false,
        })
      ).apiError,
    ).toBe(down);
  });

  it("keeps the rule a file broke in the form, until a new file, the icon removed or the file left out ends it", async () => {
    const options = { actionType: "button", allowSvg: false } as const;
    const refused = await readEditorForm(post(itemForm({ bytes: png(10, 10) })));
    expect(
      await applyIconChoice(
        client({ id: "x", url: "y" }).api,
        refused.formData,
        refused.iconFile,
        options,
      ),
    ).toEqual({ refused: "invalidSize" });
    expect(refused.formData.get("refusedIcon")).toBe("invalidSize");
    // Saved again without another file: the refusal stays in the form, for the item's rules to refuse.
    const again = await readEditorForm(post(itemForm(undefined, [["refusedIcon", "invalidSize"]])));
    expect(
      await applyIconChoice(
        client({ id: "x", url: "y" }).api,
        again.formData,
        again.iconFile,
        options,
      ),
    ).toEqual({});
    expect(again.formData.get("refusedIcon")).toBe("invalidSize");
    for (const ending of [[["dropRefusedIcon", "on"]], [["removeIcon", "on"]]] as [
      string,
      string,
    ][][]) {
      const ended = await readEditorForm(
        post(itemForm(undefined, [["refusedIcon", "invalidSize"], ...ending])),
      );
      await applyIconChoice(
        client({ id: "x", url: "y" }).api,
        ended.formData,
        ended.iconFile,
        options,
      );
      for (const name of ["refusedIcon", "dropRefusedIcon"])
        expect(ended.formData.has(name)).toBe(false);
    }
    const replaced = await readEditorForm(
      post(itemForm({ bytes: png(32, 32) }, [["refusedIcon", "invalidSize"]])),
    );
    expect(
      await applyIconChoice(
        client({ id: "image-2", url: "https://provider.test/i2" }).api,
        replaced.formData,
        replaced.iconFile,
        options,
      ),
    ).toEqual({});
    expect(replaced.formData.has("refusedIcon")).toBe(false);
    expect(replaced.formData.get("icon.id")).toBe("image-2");
  });

  it("removes the icon when its box is ticked", async () => {
    const { formData, iconFile } = await readEditorForm(
      post(
        itemForm(undefined, [
          ["icon.id", "image-1"],
          ["icon.url", "https://provider.test/i"],
          ["iconSvg", "<svg/>"],
          ["removeIcon", "on"],
        ]),
      ),
    );
    expect(
      await applyIconChoice(client({ id: "x", url: "y" }).api, formData, iconFile, {
        actionType: "button",
        allowSvg: false,
      }),
    ).toEqual({});
    for (const name of ["icon.id", "icon.url", "iconSvg", "removeIcon"])
      expect(formData.has(name)).toBe(false);
  });
});
