/** Contract writes from the connected wallet, as the user follows them (see each module). */
export { useTransaction, failureText, type TxStep } from "./useTransaction";
export { TxError, txProblem, type TxProblem } from "./errors";
export { describeTxProblem } from "./describe";
export { useIndexerLag, type IndexerLag } from "./useIndexerLag";
export { IndexerLagNotice } from "./IndexerLagNotice";
