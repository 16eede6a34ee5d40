/** Registration: a new company and its first user; no token. */
import { endpoint } from "../endpoint";
import { captchaChallenge, captchaQuestion } from "./captcha";
import { registrationRequest, registrationResponse } from "./schemas";

/** Needs a solved captcha; the console also sends its client credentials and the person's address (schemas.ts). */
export const register = endpoint({
  method: "POST",
  created: true,
  path: "registration",
  body: registrationRequest,
  refusals: {
    400: [
      "imageSizeInvalid",
      "imageTypeInvalid",
      "notOffered",
      "questionNotAllowed",
      "replayed",
      "sizeGreater400KB",
      "unknownCountry",
    ],
    409: ["taken"],
  },
  answer: registrationResponse,
  public: true,
});

/** A proof-of-work challenge for the registration captcha (the widget solves it in the browser). */
export const getCaptchaChallenge = endpoint({
  method: "GET",
  path: "registration/captcha/challenge",
  answer: captchaChallenge,
  public: true,
});

/** A question for the registration captcha without JavaScript (answered only through the console). */
export const getCaptchaQuestion = endpoint({
  method: "GET",
  path: "registration/captcha/question",
  answer: captchaQuestion,
  public: true,
});
