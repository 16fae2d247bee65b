import { useTranslation } from "../../i18n/react";
import { useParams } from "wouter";
import { NotConnected } from "../../components/NotConnected";
import { PageNavBar } from "../../components/PageNavBar";
import { addNamespace } from "../../i18n/lazyNamespace";
import { readErrorText, readProblem } from "../../lib/readError";
import { useRuntimeConfig } from "../../lib/runtime";
import { useWallet } from "../wallet";
import { BranchFriends } from "./components/BranchFriends";
import { Breadcrumbs } from "./components/Breadcrumbs";
import { MemberSummary } from "./components/MemberSummary";
import { TeamSearch } from "./components/TeamSearch";
import { useBranch } from "./hooks/useBranch";
import { teamStrings } from "./teamStrings";
import styles from "./TeamPage.module.css";

/**
 * /team/:address: a member of the signed-in member's team (or the member itself): breadcrumbs
 * back up, its figures and community details, its direct friends as joined or as legs largest
 * first, each opening its own branch, and a search of the team by address prefix. An address
 * outside the team shows the API's refusal, never figures.
 */
export function TeamPage() {
  const { i18n } = useTranslation();
  addNamespace(i18n, "team", teamStrings);
  const { t } = useTranslation("team");
  const { t: common } = useTranslation();
  const { chain } = useRuntimeConfig();
  const address = (useParams().address ?? "").toLowerCase();
  const { account, hasLogin } = useWallet();
  const branch = useBranch(address);
  const signedIn = hasLogin && account !== undefined;
  const failure = branch.error ?? branch.failureReason;
  const refused = failure != null && readProblem(failure).kind === "refused";
  return (
    <div data-testid="team-page">
      <PageNavBar title={t("title")} back />
      {!signedIn ? (
        <NotConnected what="team" />
      ) : (
        <>
          {failure != null && (
            <div className={styles.failure} role="alert" data-testid="team-failure">
              <span data-testid="team-failure-text">{readErrorText(failure, common, chain.name)}</span>
              {/* A refusal (not in the team, not an address) answers the same again: no Retry for it. */}
              {!refused && (
                <button
                  type="button"
                  className={styles.retry}
                  onClick={() => void branch.refetch()}
                  data-testid="team-failure-retry"
                >
                  {common("readError.retry")}
                </button>
              )}
            </div>
          )}
          {!refused && (
            <>
              {branch.data && <Breadcrumbs path={branch.data.path} member={branch.data.member.address} />}
              <MemberSummary branch={branch.data} />
              <BranchFriends account={account} address={address} />
            </>
          )}
          <TeamSearch account={account} />
        </>
      )}
    </div>
  );
}
