import { Link } from "wouter";
import { useTranslation } from "../../../i18n/react";
import { displayAddress } from "../../../lib/displayAddress";
import { shorten } from "../../../lib/format";
import { branchRoute, crumbsOf } from "../teamPaths";
import styles from "../TeamPage.module.css";

/** The way back up: the signed-in member ("Me"), each ancestor of this member, then this member. */
export function Breadcrumbs({ path, member }: { path: readonly string[]; member: string }) {
  const { t } = useTranslation("team");
  return (
    <nav aria-label={t("crumbs")} className={styles.crumbs} data-testid="team-crumbs">
      <ol>
        {crumbsOf(path, member).map((crumb) => {
          const text = crumb.self ? t("me") : shorten(displayAddress(crumb.address), 4);
          return (
            <li key={crumb.address}>
              {crumb.current ? (
                <span aria-current="page" data-testid="team-crumb" title={crumb.address}>
                  {text}
                </span>
              ) : (
                <Link to={branchRoute(crumb.address)} data-testid="team-crumb" title={crumb.address}>
                  {text}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
