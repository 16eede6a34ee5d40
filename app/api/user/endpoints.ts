/** The signed-in user (spec 02 section 7): who they are, the terms, their language. */
import { z } from "zod";
import { storableText } from "../common";
import { endpoint, noContent } from "../endpoint";
import { currentUser, userPreference } from "./schemas";

/** The signed-in user, or with `user-id` a user of the same company. */
export const getUser = endpoint({
  method: "GET",
  path: "user",
  query: z.object({ "user-id": storableText().optional() }),
  answer: currentUser,
});

export const acceptTerms = endpoint({ method: "PUT", path: "user/accept-terms", answer: noContent });

export const getPreference = endpoint({ method: "GET", path: "user/preference", answer: userPreference });

export const setPreference = endpoint({ method: "PUT", path: "user/preference", body: userPreference, answer: userPreference });
