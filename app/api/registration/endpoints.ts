/** Registration (spec 02 section 7): a new company and its first user; no token. */
import { endpoint } from "../endpoint";
import { registrationRequest, registrationResponse } from "./schemas";

export const register = endpoint({
  method: "POST",
  path: "registration",
  body: registrationRequest,
  answer: registrationResponse,
  public: true,
});
