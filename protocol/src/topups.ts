// USDC top-ups: the deposit address, the wallets an account pays from, and the transactions it
// submitted. Amounts are the ledger's micro-dollars (1 USDC = 1,000,000).

export interface LinkedWallet {
  /** Checksummed. */
  address: string;
  linkedAt: string;
}

export type DepositStatus = 'pending' | 'credited' | 'refused';

export interface Deposit {
  txHash: string;
  status: DepositStatus;
  amountMicroUsd: number;
  confirmations: number;
  required: number;
  /** What happened or what is awaited, in a sentence. */
  message: string;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/topups`. */
export interface TopUpsResponse {
  /** False while the operator has not configured top-ups; `offMessage` says so. */
  enabled: boolean;
  offMessage: string | null;
  depositAddress: string | null;
  usdcContract: string | null;
  confirmations: number | null;
  wallets: LinkedWallet[];
  /** Newest first. */
  deposits: Deposit[];
}

/** `POST /api/topups/wallets/challenge`: the one-time message to sign with the wallet (EIP-191 personal_sign). */
export interface WalletChallengeResponse {
  message: string;
  expiresAt: string;
}

/** `POST /api/topups/wallets`. */
export interface LinkWalletRequest {
  address: string;
  message: string;
  signature: string;
}

export interface LinkWalletResponse {
  wallet: LinkedWallet;
}

/** `POST /api/topups/deposits`. */
export interface SubmitDepositRequest {
  txHash: string;
}

export interface SubmitDepositResponse {
  deposit: Deposit;
  /** Credited by this submission (0 when it was credited before, or is still pending). */
  creditedNowMicroUsd: number;
}
