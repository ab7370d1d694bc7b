import { expect, test } from "@playwright/test";
import pg from "pg";
import { startServer } from "../support/server-process";

const adminUrl = process.env.TEST_DATABASE_URL;

test.describe("on a PostgreSQL server", () => {
  test.skip(!adminUrl, "set TEST_DATABASE_URL to run against PostgreSQL");
  test.describe.configure({ timeout: 120_000 });

  test("/healthz answers 200 while the database answers and 503 when it is gone", async () => {
    const name = `dp_health_${Date.now()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const server = await startServer({ port: 4395, env: { DATABASE_URL: url.toString() } });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      await admin.query(`drop database ${name} with (force)`);
      const response = await fetch(`${server.url}/healthz`).catch((error) => {
        throw new Error(`${error}: ${server.output()}`);
      });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: "unavailable" });
    } finally {
      server.process.kill("SIGTERM");
      await server.exited;
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
