import { matchRoutes, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { createMethodGuard } from "../../server/route-methods";

const action = async () => null;
const loader = async () => null;
const Component = () => null;

/** The shape of the app's manifest: a pathless public layout with an index, a catch-all, admin. */
const routes: ServerBuild["routes"] = {
  root: { id: "root", path: "", module: { default: Component, loader } },
  "routes/public-layout": { id: "routes/public-layout", parentId: "root", module: { default: Component } },
  "routes/home": {
    id: "routes/home",
    parentId: "routes/public-layout",
    index: true,
    module: { default: Component, loader },
  },
  "routes/login": {
    id: "routes/login",
    parentId: "routes/public-layout",
    path: "login",
    module: { default: Component, loader, action },
  },
  "routes/post": {
    id: "routes/post",
    parentId: "routes/public-layout",
    path: "post/:slug",
    module: { default: Component, loader },
  },
  "routes/not-found": {
    id: "routes/not-found",
    parentId: "routes/public-layout",
    path: "*",
    module: { default: Component, loader },
  },
  "routes/admin-layout": {
    id: "routes/admin-layout",
    parentId: "root",
    path: "admin",
    module: { default: Component, loader },
  },
  "admin-index": {
    id: "admin-index",
    parentId: "routes/admin-layout",
    index: true,
    module: { default: Component, loader, action },
  },
  healthz: { id: "healthz", parentId: "root", path: "healthz", module: { default: Component, loader } },
};

const checkMethod = createMethodGuard(routes, matchRoutes);

describe("createMethodGuard", () => {
  it("lets reads through, and posts to routes with an action", () => {
    for (const target of ["/", "/nope", "/login"]) {
      expect(checkMethod("GET", target)).toBeNull();
      expect(checkMethod("HEAD", target)).toBeNull();
    }
    for (const target of ["/login", "/login.data", "/login?_data=routes/login", "/login/", "/admin?index"]) {
      expect(checkMethod("POST", target), target).toBeNull();
    }
  });

  it.each([
    "/",
    "/?index",
    "/_.data",
    "/post/some-slug",
    "/post/some-slug.data",
    "/post/x?_data=routes/post",
    "/healthz",
    "/admin",
  ])("answers a POST to %s (no action) with 405 and Allow: GET, HEAD", (target) => {
    expect(checkMethod("POST", target)).toEqual({
      status: 405,
      message: "Method Not Allowed",
      headers: { Allow: "GET, HEAD" },
    });
  });

  it("answers PUT, PATCH and DELETE with 405; Allow names POST where there is an action", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(checkMethod(method, "/login")?.headers).toEqual({ Allow: "GET, HEAD, POST" });
      expect(checkMethod(method, "/login.data")?.status).toBe(405);
      expect(checkMethod(method, "/post/x")?.headers).toEqual({ Allow: "GET, HEAD" });
    }
  });

  it.each(["/nope", "/nope.data", "/post", "/a/b/c", "/assets/x.js"])(
    "answers a write to the unknown path %s with 404",
    (target) => {
      for (const method of ["POST", "PUT", "DELETE"]) expect(checkMethod(method, target)?.status).toBe(404);
    },
  );
});
