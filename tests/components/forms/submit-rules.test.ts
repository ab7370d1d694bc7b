import { describe, expect, it } from "vitest";
import { CONFORM_INTENT, isConformIntent, isOwnSubmission, isSubmitBlocked } from "~/components/forms/submit-rules";
import { REGISTER_TEXT_FIELDS } from "~/lib/account-schemas";

const filledRegister = { name: "Ada", email: "ada@example.com", password: "secret1", confirmPassword: "secret1" };

describe("isSubmitBlocked (the submit button's disabled state, spec section 5)", () => {
  it("blocks until every required text field is filled", () => {
    expect(isSubmitBlocked(REGISTER_TEXT_FIELDS, undefined, {})).toBe(true);
    expect(isSubmitBlocked(REGISTER_TEXT_FIELDS, { ...filledRegister, confirmPassword: "" }, {})).toBe(true);
    expect(isSubmitBlocked(REGISTER_TEXT_FIELDS, filledRegister, {})).toBe(false);
  });

  it("blocks while a required text field shows an error", () => {
    expect(
      isSubmitBlocked(REGISTER_TEXT_FIELDS, filledRegister, { confirmPassword: ["Passwords do not match."] }),
    ).toBe(true);
    expect(isSubmitBlocked(REGISTER_TEXT_FIELDS, filledRegister, { confirmPassword: [] })).toBe(false);
  });

  it("is not blocked by other fields: the agreement box and form-level errors are checked on submission", () => {
    const errors = { agreedToTerms: ["Please agree to the terms and conditions to continue."], "": ["Invalid Form"] };
    expect(isSubmitBlocked(REGISTER_TEXT_FIELDS, filledRegister, errors)).toBe(false);
  });

  it("counts a value that is not a string (a checkbox, a file list) as not filled", () => {
    expect(isSubmitBlocked(["name"], { name: ["a", "b"] }, {})).toBe(true);
  });
});

describe("isConformIntent", () => {
  const button = (name: string | null) => ({
    getAttribute: (attribute: string) => (attribute === "name" ? name : null),
  });

  it("recognises Conform's hidden validate/update button, and only it", () => {
    expect(isConformIntent(button(CONFORM_INTENT))).toBe(true);
    expect(isConformIntent(button("intent"))).toBe(false);
    expect(isConformIntent(button(null))).toBe(false);
    expect(isConformIntent(null)).toBe(false);
  });
});

describe("isOwnSubmission (whose pending state a POST navigation is)", () => {
  it("compares paths only: the search part (redirectTo, ?index) does not matter", () => {
    expect(isOwnSubmission("/login?redirectTo=%2Fadmin", "/login")).toBe(true);
    expect(isOwnSubmission("/verify-email", "/verify-email?token=x")).toBe(true);
  });

  it("is false for another form's action or when nothing is submitted", () => {
    expect(isOwnSubmission("/logout", "/login")).toBe(false);
    expect(isOwnSubmission(undefined, "/login")).toBe(false);
  });
});
