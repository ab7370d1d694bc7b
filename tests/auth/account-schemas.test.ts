import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { blockedSubmitToast, LoginSchema, RegisterSchema, ResetPasswordSchema } from "~/lib/account-schemas";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
};
const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "success" ? {} : (submission.error ?? {});

describe("RegisterSchema (the spec's messages, word for word)", () => {
  it("reports every field's message on an empty form", () => {
    const errors = errorsOf(parseWithZod(form({}), { schema: RegisterSchema }));
    expect(errors).toEqual({
      name: ["Full name is required."],
      email: ["Please enter a valid email address."],
      password: ["Password must be at least 6 characters long."],
      confirmPassword: ["Passwords do not match."],
      agreedToTerms: ["Please agree to the terms and conditions to continue."],
    });
  });

  it("trims the name, checks the simple email pattern and the length, and compares the confirmation", () => {
    const errors = errorsOf(
      parseWithZod(
        form({ name: "   ", email: "a b@c.d", password: "12345", confirmPassword: "12346", agreedToTerms: "on" }),
        { schema: RegisterSchema },
      ),
    );
    expect(errors.name).toEqual(["Full name is required."]);
    expect(errors.email).toEqual(["Please enter a valid email address."]);
    expect(errors.password).toEqual(["Password must be at least 6 characters long."]);
    expect(errors.confirmPassword).toEqual(["Passwords do not match."]);
    expect(errors.agreedToTerms).toBeUndefined();
    for (const email of ["no-at.example.com", "two@@example.com", "no-dot@example", "sp ace@example.com"]) {
      expect(errorsOf(parseWithZod(form({ email }), { schema: RegisterSchema })).email, email).toEqual([
        "Please enter a valid email address.",
      ]);
    }
  });

  it("accepts a valid registration", () => {
    const submission = parseWithZod(
      form({
        name: " Ada ",
        email: "ada@example.com",
        password: "secret1",
        confirmPassword: "secret1",
        agreedToTerms: "on",
      }),
      { schema: RegisterSchema },
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success") expect(submission.value).toMatchObject({ name: "Ada", agreedToTerms: true });
  });
});

describe("the other forms", () => {
  it("LoginSchema needs a valid email and a password", () => {
    expect(Object.keys(errorsOf(parseWithZod(form({}), { schema: LoginSchema })))).toEqual(["email", "password"]);
    expect(
      parseWithZod(form({ email: "a@b.co", password: "secret1", redirectTo: "/x" }), { schema: LoginSchema }).status,
    ).toBe("success");
  });

  it("ResetPasswordSchema has registration's password rules", () => {
    const errors = errorsOf(
      parseWithZod(form({ token: "t", password: "123", confirmPassword: "321" }), { schema: ResetPasswordSchema }),
    );
    expect(errors).toEqual({
      password: ["Password must be at least 6 characters long."],
      confirmPassword: ["Passwords do not match."],
    });
  });

  it("a blocked submission raises 'Terms Required' only when the box is the sole problem", () => {
    expect(blockedSubmitToast(["agreedToTerms"])).toEqual({
      title: "Terms Required",
      description: "Please agree to the terms and conditions to continue.",
    });
    expect(blockedSubmitToast(["email", "agreedToTerms"])).toEqual({
      title: "Invalid Form",
      description: "Please correct the errors before submitting.",
    });
    expect(blockedSubmitToast(["password"]).title).toBe("Invalid Form");
  });
});
