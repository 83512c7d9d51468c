import { HONEYPOT_FIELD } from "#app/lib/honeypot.ts";

/** A field people never see and bots fill in; the server refuses a form that has it filled. */
export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px]">
      <label>
        Website
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}
