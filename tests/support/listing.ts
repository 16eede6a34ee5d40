/** A listing form (as the marketplace page posts it, intent save) that passes every listing rule. */
export function validListingForm(icon: { id: string; url: string }): FormData {
  const form = new FormData();
  form.set("intent", "save");
  form.set("detail.description", `<p>${"An overview of the app. ".repeat(12)}</p>`);
  form.set("detail.websiteUrl", "https://example.com");
  form.set("detail.supportUrl", "https://example.com/support");
  form.set("legal.privacyPolicyUrl", "https://example.com/privacy");
  form.set("legal.termsOfServiceUrl", "https://example.com/terms");
  form.set("promo.appIcon.id", icon.id);
  form.set("promo.appIcon.url", icon.url);
  return form;
}
