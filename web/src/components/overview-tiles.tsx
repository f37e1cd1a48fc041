/**
 * The overview tiles (admin spec §2 "Overview analytics"): six counts from GET /api/auth/stats/overview, and
 * 'Download Users' (the CSV of members without a primary business) only when there are any. Shared: the
 * analytics screen shows it and the administrator dashboard places it too.
 */
import { formatCount } from "../lib/money.ts";
import type { StatsOverview } from "@api/contract";
import { call, callFile } from "../lib/typed-api.ts";
import { saveFile } from "../lib/save-file.ts";
import { useAction } from "../lib/use-action.ts";
import { useResource } from "../lib/use-resource.ts";
import { Button } from "./button.tsx";
import { LoadError } from "./load-error.tsx";
import { Skeleton } from "./skeleton.tsx";
import "./overview-tiles.css";

const TILES: [keyof StatsOverview, string][] = [
  ["annualMemberships", "Active Annual Consortium Membership"],
  ["nonAnnualMemberships", "Active One-Time Drug Test"],
  ["pausedMemberships", "Paused Members"],
  ["expiredMembers", "Expired Members"],
  ["activeCompanies", "Active Companies"],
  ["usersWithoutPrimaryBusiness", "Users Improperly Configured"],
];

export function OverviewTiles() {
  const overview = useResource(
    ["stats", "overview"],
    (signal): Promise<StatsOverview> => call("/auth/stats/overview").GET({ signal }),
  );
  const download = useAction(async () => {
    const file = await callFile("/auth/stats/users-without-primary-business").GET();
    saveFile(file.blob, file.filename ?? "users-without-primary-business.csv");
  });

  if (overview.error) {
    return (
      <LoadError title="The overview could not be loaded" error={overview.error} onRetry={overview.reload} />
    );
  }
  if (!overview.data) return <Skeleton lines={3} label="Loading the overview…" />;
  const data = overview.data;
  return (
    <ul className="overview-tiles" aria-label="Overview">
      {TILES.map(([key, label]) => (
        <li key={key} className="overview-tile">
          <span className="overview-tile-value">{formatCount(data[key])}</span>
          <span className="overview-tile-label">{label}</span>
          {key === "usersWithoutPrimaryBusiness" && data[key] > 0 && (
            <Button
              variant="secondary"
              busy={download.busy}
              busyLabel="Downloading…"
              onClick={() => download.run()}
            >
              Download Users
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

export default OverviewTiles;
