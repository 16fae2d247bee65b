import DotLoading from "antd-mobile/es/components/dot-loading";
import styles from "./PageLoading.module.css";

/** What a route shows while its chunk or its first data loads. */
export function PageLoading() {
  return (
    <div className={styles.box} data-testid="page-loading">
      <DotLoading color="primary" />
    </div>
  );
}
