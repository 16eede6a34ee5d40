/**
 * Request bodies every provider honouring the contract takes as valid: what the conformance
 * kit sends, and what the hostile-input suite makes one part of hostile at a time.
 */

/** An app's details: a standard AU app (every property can be overridden). */
export const appDetails = (overrides: Record<string, unknown> = {}) => ({
  name: "Conformance App",
  description: "An app made to check the provider API against its contract.",
  countryCode: "AU",
  categoryId: 1,
  appType: 0,
  ...overrides,
});

/** A listing that passes every rule, with the company's uploaded icon. */
export const listing = (iconId: string) => ({
  detail: {
    appURL: "",
    description: `<p>${"An overview of the app. ".repeat(12)}</p>`,
    shortDescription: "In step.",
    contactEmail: "dev@example.com",
    features: "Sync",
    keywords: "sync",
    supportUrl: "https://example.com/support",
    websiteUrl: "https://example.com",
    documentationUrl: "",
  },
  legal: {
    copyright: "(c) Example",
    privacyPolicy: "",
    privacyPolicyUrl: "https://example.com/privacy",
    termsOfService: "",
    termsOfServiceUrl: "https://example.com/terms",
  },
  promo: { appIcon: { id: iconId }, banners: [], screenshots: [], youtubeUrl: "" },
  visibility: true,
});

/** A platform schema document with one view and one button. */
export const SCHEMA_DOCUMENT = {
  platforms: [
    {
      type: "web",
      views: [
        {
          id: "matter",
          name: "Matter",
          buttons: [
            {
              actionType: "button",
              name: "Open",
              label: "Open",
              description: "Opens it.",
              urls: ["dev", "test", "beta", "live"].map((env) => ({
                env,
                url: `https://${env}.example.com`,
              })),
            },
          ],
        },
      ],
    },
  ],
};

/** The contact of a submission. */
export const CONTACT = {
  contactName: "Ada",
  contactEmail: "ada@example.com",
  contactPhoneNumber: "+61 2 9999 0000",
  submissionNotes: "Please review.",
};

/** Who asks for a pause or an unpause, and why. */
export const REQUESTER = {
  name: "Ada",
  email: "ada@example.com",
  phone: "0400 000 000",
  reason: "Maintenance.",
};

/** A regional entry of the company's details (its country and default set by the caller). */
export const COMPANY_ENTRY = {
  companyName: "Conformance Legal Apps",
  phoneNumber: "+61 2 9000 0001",
  addressLine1: "1 Test Street",
  cityTown: "Sydney",
  zipPostCode: "2000",
  stateCounty: "NSW",
  profile: "About the company. ".repeat(15),
  website: "https://example.com",
  socialPresence: "",
};

export const BANK = {
  accountName: "Conformance Pty Ltd",
  bsb: "062000",
  accountNumber: "12345678",
};

/** New sandbox-account credentials (live environment). */
export const NEW_INSTANCE = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  password: "Sandbox-1",
  leapEnvironmentsId: 3,
  firmType: 1,
};

/** A sandbox account from an import token's payload. */
export const IMPORTED_INSTANCE = {
  region: "AU",
  environment: "LIVE",
  firmId: "F-1",
  staffId: "S-1",
  userId: "U-1",
  firmType: 1,
};

/** A new user of the company (not an admin). */
export const newUser = (email: string) => ({
  title: "dr",
  firstName: "Ada",
  lastName: "Lovelace",
  email,
  password: "Conformance-pass-1",
  confirmPassword: "Conformance-pass-1",
  admin: false,
});

/** A pre-approval request of a group's version, with its documents. */
export const preApproval = (groupId: string, versionId: string, documents: string[]) => ({
  groupId,
  versionMajorId: versionId,
  submissionNotes: "Why we ask.",
  documents,
});

/** The six texts of a data attestation and its diagram. */
export const attestation = (diagramId: string) => ({
  purposeOfDataUsage: "To keep matters in step with the document system.",
  outlineDataUsage: "Matter names and numbers are read; documents are written back.",
  dataSubjects: "Clients of the firm and its staff.",
  frequencyOfSync: "Every fifteen minutes, and when a user asks.",
  thirdPartyDisclosure: "None.",
  dataRetention: "Ninety days after the app is removed.",
  dataFlowDiagramId: diagramId,
});
