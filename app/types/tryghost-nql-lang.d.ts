/** Ghost's filter parser ships no types: `parse` answers Mongo-style JSON (app/ghost-api/nql.server.ts reads it). */
declare module "@tryghost/nql-lang" {
  const nql: { parse(text: string): unknown };
  export default nql;
}
