/**
 * The signed-in user and the company's users: who they are, the terms,
 * their language; the users of the company, added, changed and deleted by admins only (403
 * for others). A user cannot delete themself, and the company keeps an admin.
 */
import * as z from "zod";
import { storableText } from "../common";
import { endpoint, noContent } from "../endpoint";
import {
  companyUser,
  currentUser,
  newUserRequest,
  userPreference,
  userUpdateRequest,
} from "./schemas";

/** The signed-in user, or with `user-id` a user of the same company. */
export const getUser = endpoint({
  method: "GET",
  path: "user",
  query: z.object({ "user-id": storableText().optional() }),
  refusals: { 404: true },
  answer: currentUser,
});

export const acceptTerms = endpoint({
  method: "PUT",
  path: "user/accept-terms",
  answer: noContent,
});

export const getPreference = endpoint({
  method: "GET",
  path: "user/preference",
  answer: userPreference,
});

export const setPreference = endpoint({
  method: "PUT",
  path: "user/preference",
  body: userPreference,
  answer: userPreference,
});

/** The company's users, oldest first. */
export const listUsers = endpoint({
  method: "GET",
  path: "user/list",
  answer: z.array(companyUser),
});

/** A new user of the company (admins only): 201 with the saved user, who signs in with the password given. */
export const createUser = endpoint({
  method: "POST",
  created: true,
  path: "user",
  body: newUserRequest,
  refusals: { 400: ["passwordMismatch"], 403: ["adminOnly"], 409: ["taken"] },
  answer: companyUser,
});

/** Changes a user of the company (admins only): the saved user. */
export const updateUser = endpoint({
  method: "PUT",
  path: "user",
  body: userUpdateRequest,
  refusals: {
    400: ["passwordMismatch"],
    403: ["adminOnly"],
    404: true,
    409: ["lastAdmin", "taken"],
  },
  answer: companyUser,
});

/** Deletes a user of the company (admins only; not oneself, not the last admin): 204. */
export const deleteUser = endpoint({
  method: "DELETE",
  path: "user/:id",
  uuidParams: ["id"],
  refusals: { 403: ["adminOnly"], 404: true, 409: ["cannotDeleteSelf"] },
  answer: noContent,
});
