import type { TeamMember } from "@dwn/api";
import Button from "antd-mobile/es/components/button";
import { useCallback, useId, useState, type FormEvent } from "react";
import type { Address } from "viem";
import { useTranslation } from "../../../i18n/react";
import { InfiniteList, type FetchPage } from "../../../components/InfiniteList";
import { Section } from "../../../components/Section";
import { useApi } from "../../../lib/api";
import { teamSearchKey } from "../../../lib/queryKeys";
import { readErrorText } from "../../../lib/readError";
import { useRuntimeConfig } from "../../../lib/runtime";
import { searchPrefix } from "../teamPaths";
import { MemberRow } from "./MemberRow";
import styles from "../TeamPage.module.css";

/**
 * Search the signed-in member's team by address prefix (user/searchTeam). The form says what it
 * takes before asking; the API's own sentence shows if it refuses anyway. Results open branches.
 */
export function TeamSearch({ account }: { account: Address }) {
  const { t, i18n } = useTranslation("team");
  const { t: common } = useTranslation();
  const { chain } = useRuntimeConfig();
  const call = useApi();
  const id = useId();
  const [typed, setTyped] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [prefix, setPrefix] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = searchPrefix(typed);
    setInvalid(wanted === null);
    setPrefix(wanted);
  };
  const fetchPage = useCallback<FetchPage<TeamMember>>(
    async (page, size) => ({
      items: prefix === null ? [] : await call("user/searchTeam", { prefix, page: String(page), limit: String(size) }),
    }),
    [call, prefix],
  );
  return (
    <Section title={t("search")} testId="team-search">
      <form className={styles.search} onSubmit={submit} noValidate>
        <span id={`${id}-label`} className={styles.searchLabel}>
          {t("searchLabel")}
        </span>
        <div className={styles.searchRow}>
          <input
            aria-labelledby={`${id}-label`}
            className={styles.input}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder={t("searchHint")}
            autoComplete="off"
            autoCapitalize="off"
            spellCheck={false}
            inputMode="text"
            aria-invalid={invalid}
            aria-describedby={invalid ? `${id}-error` : undefined}
            data-testid="team-search-input"
          />
          <Button type="submit" color="primary" className={styles.searchButton} data-testid="team-search-submit">
            {t("searchButton")}
          </Button>
        </div>
        {invalid && (
          <p id={`${id}-error`} className={styles.error} role="alert" data-testid="team-search-error">
            {t("badPrefix")}
          </p>
        )}
      </form>
      {prefix !== null && (
        <>
          <p className={styles.note} data-testid="team-search-for">
            {t("results", { prefix })}
          </p>
          <InfiniteList
            queryKey={[...teamSearchKey(account), prefix, i18n.language]}
            fetchPage={fetchPage}
            itemKey={(member) => member.address}
            renderItem={(member) => <MemberRow member={member} />}
            failureText={(error) => readErrorText(error, common, chain.name)}
            testId="team-search-list"
          />
        </>
      )}
    </Section>
  );
}
