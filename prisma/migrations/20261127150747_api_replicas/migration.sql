-- CreateTable
CREATE TABLE "replicas" (
    "id" TEXT NOT NULL,
    "addresses" TEXT[],
    "seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "replicas_pkey" PRIMARY KEY ("id")
);
