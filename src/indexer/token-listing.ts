/** A token the service can name: a world component or a launch token. */
export interface TokenListing {
  mint: string;
  symbol: string;
  name: string;
  decimals: number;
  logoUri: string;
  category: string;
}
