-- CreateEnum
CREATE TYPE "deposit_status" AS ENUM ('pending', 'credited', 'refused');

-- CreateTable
CREATE TABLE "wallets" (
    "address" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "linked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "wallets_pkey" PRIMARY KEY ("address")
);

-- CreateTable
CREATE TABLE "wallet_link_nonces" (
    "nonce" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "wallet_link_nonces_pkey" PRIMARY KEY ("nonce")
);

-- CreateTable
CREATE TABLE "deposits" (
    "id" UUID NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "status" "deposit_status" NOT NULL,
    "amount_micro_usd" BIGINT NOT NULL DEFAULT 0,
    "confirmations" INTEGER NOT NULL DEFAULT 0,
    "required" INTEGER NOT NULL DEFAULT 0,
    "message" TEXT NOT NULL,
    "next_check_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "deposits_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "wallets_account_id_idx" ON "wallets"("account_id");

-- CreateIndex
CREATE INDEX "wallet_link_nonces_account_id_idx" ON "wallet_link_nonces"("account_id");

-- CreateIndex
CREATE INDEX "deposits_status_next_check_at_idx" ON "deposits"("status", "next_check_at");

-- CreateIndex
CREATE UNIQUE INDEX "deposits_tx_hash_account_id_key" ON "deposits"("tx_hash", "account_id");

-- AddForeignKey
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "wallet_link_nonces" ADD CONSTRAINT "wallet_link_nonces_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
