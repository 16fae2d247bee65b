import { useTranslation } from "../../i18n/react";
import { PageNavBar } from "../../components/PageNavBar";
import { GameCard } from "./GameCard";
import { GAMES } from "./games";
import styles from "./EcosystemPage.module.css";

/** /ecosystem: the games to come. */
export function EcosystemPage() {
  const { t } = useTranslation();
  return (
    <div data-testid="ecosystem-page">
      <PageNavBar title={t("ecosystem.title")} />
      <p className={styles.intro}>{t("ecosystem.intro")}</p>
      {GAMES.map((game) => (
        <GameCard key={game.key} game={game} />
      ))}
    </div>
  );
}
