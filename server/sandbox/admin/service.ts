/**
 * The provider's staff side (reviewer): shared by the `npm run provider` command and the
 * /admin/ endpoints. Each action is a function of the database in this folder; this object
 * names them for the command, the routes and the tests.
 */
import type { Database } from "../db";
import { recordUsage, type UsageRecord } from "../instances/usage";
import { approveCompanyDetails } from "../settings/service";
import {
  changes,
  company,
  findUser,
  listCompanies,
  listUsers,
  outbox,
  setAccessToTest,
  setIntegratorType,
  setSuspended,
  verifyUser,
} from "./accounts";
import { decideRequest, goLive, grantLiveAppPermissions } from "./requests";
import { pending, reviewPreApproval, reviewPrice, reviewSubmission } from "./review";
import { setAppGroupFlags, setPlatformSchema, setVersionStatus } from "./versions";

/** The reviewer's answer to a submission, a pre-approval or a pause or unpause request. */
export type ReviewDecision = "approve" | "reject";
export type RequestDecision = "approve" | "decline";

export interface AppGroupFlags {
  isPreApprovalRequired?: boolean;
  isPriceRequired?: boolean;
  appLevel?: number;
}

type Rest<F> = F extends (db: Database, ...rest: infer R) => unknown ? R : never;

/** Binds an action to the database, keeping its parameters and answer. */
const bind =
  <F extends (db: Database, ...rest: never[]) => unknown>(db: Database, action: F) =>
  (...rest: Rest<F>) =>
    action(db, ...rest) as ReturnType<F>;

export function createReviewer(db: Database) {
  return {
    pending: bind(db, pending),
    reviewSubmission: bind(db, reviewSubmission),
    reviewPreApproval: bind(db, reviewPreApproval),
    reviewPrice: bind(db, reviewPrice),
    grantLiveAppPermissions: bind(db, grantLiveAppPermissions),
    goLive: bind(db, goLive),
    decideRequest: bind(db, decideRequest),
    listCompanies: bind(db, listCompanies),
    listUsers: bind(db, listUsers),
    findUser: bind(db, findUser),
    verifyUser: bind(db, verifyUser),
    setAccessToTest: bind(db, setAccessToTest),
    setIntegratorType: bind(db, setIntegratorType),
    setSuspended: bind(db, setSuspended),
    outbox: bind(db, outbox),
    changes: bind(db, changes),
    company: bind(db, company),
    setVersionStatus: bind(db, setVersionStatus),
    setAppGroupFlags: bind(db, setAppGroupFlags),
    setPlatformSchema: bind(db, setPlatformSchema),
    /** Approves a company's details submitted for review: hasAwaitingSubmission cleared. */
    approveCompanyDetails: (companyId: string) => approveCompanyDetails(db, companyId),
    /** A firm using a live or beta app version, with a count (0 removes it): the usage summary's data. */
    recordUsage: (versionId: string, record: UsageRecord) => recordUsage(db, versionId, record),
  };
}

export type Reviewer = ReturnType<typeof createReviewer>;
