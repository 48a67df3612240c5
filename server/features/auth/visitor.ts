// A visitor (no account) is known by an HttpOnly cookie holding a random id, made on the visitor's first job
// (jobs/job-owner.ts); what the visitor makes is owned by `visitor:<id>`, and moves to the account they sign up for
// in that browser (visitor-move.ts, issue 44).
export const VISITOR_COOKIE = 'bct_visitor';
const VISITOR_ID = /^[a-f0-9]{32}$/;

/** The visitor id a `bct_visitor` cookie holds, or undefined when it holds none (absent, or not one the app made). */
export function visitorIdOf(cookie: string | null | undefined): string | undefined {
  return cookie && VISITOR_ID.test(cookie) ? cookie : undefined;
}
