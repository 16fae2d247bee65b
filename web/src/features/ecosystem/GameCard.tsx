import { useTranslation } from "../../i18n/react";
import type { GAMES } from "./games";
import styles from "./GameCard.module.css";

/** A game of the catalogue with its "Coming soon" badge. */
export function GameCard({ game }: { game: (typeof GAMES)[number] }) {
  const { t } = useTranslation();
  return (
    <article className={styles.card} data-testid={`game-${game.key}`} aria-disabled="true">
      <img className={styles.image} src={`${import.meta.env.BASE_URL}${game.image}`} alt="" width={64} height={64} />
      <div className={styles.text}>
        <h2>{t(game.name)}</h2>
        <p>{t(game.text)}</p>
      </div>
      <span className={styles.badge} data-testid="coming-soon">
        {t("common.comingSoon")}
      </span>
    </article>
  );
}
