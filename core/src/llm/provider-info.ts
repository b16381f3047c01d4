export interface ProviderInfo {
  name: 'anthropic' | 'offline';
  model?: string;
}

/** What /health reports: the offline provider serves whenever no API key is configured. */
export function providerInfo(anthropic?: { apiKey?: string; model: string }): ProviderInfo {
  return anthropic?.apiKey ? { name: 'anthropic', model: anthropic.model } : { name: 'offline' };
}
