/** An EIP-1193 error, as real wallets throw them. */
export class DevnetRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const rejected = () => new DevnetRpcError(4001, "User rejected the request.");
export const unauthorized = () => new DevnetRpcError(4100, "The account is not connected to this site.");
