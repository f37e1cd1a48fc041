/**
 * An e-mail address that may wrap on a phone only at sensible points: after the "@" and before each dot
 * ("morgan.lee@" / "apca.local"), never mid-word as "member@ap ca.local" did (issue 23).
 */
import { Fragment } from "react";

export function Email({ address }: { address: string }) {
  const parts = address.split(/(?<=@)|(?=\.)/);
  return (
    <span className="email">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
