/**
 * The permissions module: cumulative roles, the ownership rules for articles, and the README's
 * "Who may do what" table, which must say exactly what the module enforces.
 */
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import {
  can,
  canEditArticle,
  canPublishArticle,
  minimumRole,
  PERMISSIONS,
  type Permission,
  permissionsOf,
  ROLES,
  STAFF_ROLES,
} from "~/auth/permissions";

const ALL = Object.keys(PERMISSIONS) as Permission[];

describe("roles", () => {
  it("gives readers nothing and administrators everything", () => {
    expect(permissionsOf("reader")).toEqual([]);
    expect(permissionsOf(null)).toEqual([]);
    expect(permissionsOf("administrator")).toEqual(ALL);
  });

  it("is cumulative: each role holds everything the role below it holds", () => {
    for (let index = 1; index < ROLES.length; index++) {
      const below = permissionsOf(ROLES[index - 1]);
      const above = permissionsOf(ROLES[index]);
      for (const permission of below) expect(above).toContain(permission);
    }
  });

  it("follows the issue's lines between the roles", () => {
    expect(can("contributor", "article.write")).toBe(true);
    expect(can("contributor", "article.publish-own")).toBe(false);
    expect(can("author", "article.publish-own")).toBe(true);
    expect(can("author", "article.edit-any")).toBe(false);
    expect(can("editor", "article.schedule")).toBe(true);
    expect(can("editor", "comments.moderate")).toBe(true);
    expect(can("editor", "categories.manage")).toBe(true);
    expect(can("editor", "questions.manage")).toBe(true);
    expect(can("editor", "people.manage")).toBe(false);
    expect(can("editor", "settings.manage")).toBe(false);
    expect(can("administrator", "people.manage")).toBe(true);
  });
});

describe("article ownership", () => {
  const contributor = { id: 1, role: "contributor" as const };
  const author = { id: 2, role: "author" as const };
  const editor = { id: 3, role: "editor" as const };

  it("lets a contributor edit only their own drafts and publish nothing", () => {
    expect(canEditArticle(contributor, { authorUserId: 1, status: "draft" })).toBe(true);
    expect(canEditArticle(contributor, { authorUserId: 1, status: "published" })).toBe(false);
    expect(canEditArticle(contributor, { authorUserId: 2, status: "draft" })).toBe(false);
    expect(canPublishArticle(contributor, { authorUserId: 1 })).toBe(false);
  });

  it("lets an author edit and publish their own articles only", () => {
    expect(canEditArticle(author, { authorUserId: 2, status: "published" })).toBe(true);
    expect(canPublishArticle(author, { authorUserId: 2 })).toBe(true);
    expect(canEditArticle(author, { authorUserId: 1, status: "draft" })).toBe(false);
    expect(canPublishArticle(author, { authorUserId: 1 })).toBe(false);
    expect(canEditArticle(author, { authorUserId: null, status: "draft" })).toBe(false);
  });

  it("lets an editor edit and publish anyone's", () => {
    expect(canEditArticle(editor, { authorUserId: 1, status: "draft" })).toBe(true);
    expect(canPublishArticle(editor, { authorUserId: null })).toBe(true);
  });
});

describe("the README's table", () => {
  it("is the module's table, row for row", () => {
    const readme = fs.readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const start = readme.indexOf("<!-- permissions-table:start -->");
    const end = readme.indexOf("<!-- permissions-table:end -->");
    expect(start).toBeGreaterThan(0);
    const rows = readme
      .slice(start, end)
      .split("\n")
      .filter((line) => line.startsWith("| ") && line.includes("(`"));
    const fromReadme = rows.map((line) => {
      const cells = line.split("|").map((cell) => cell.trim());
      const permission = /\(`([^`]+)`\)/.exec(cells[1]!)?.[1];
      return { permission, roles: cells.slice(2, 6).map((cell) => cell === "✓") };
    });
    const fromModule = ALL.map((permission) => ({
      permission,
      roles: STAFF_ROLES.map((role) => can(role, permission)),
    }));
    expect(fromReadme).toEqual(fromModule);
    for (const permission of ALL) expect(STAFF_ROLES).toContain(minimumRole(permission));
  });
});
