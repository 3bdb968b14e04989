export interface ClientErrorReport {
  tenantId: string | null;
  units: string;
  title: string;
  text: string;
  priority: number | null;
  taskTime: string | null;
  category: string;
  pageUrl: string | null;
  userAgent: string | null;
  ipHash: string;
}

export interface ClientErrorRepository {
  add(report: ClientErrorReport): Promise<{ id: string }>;
  list(input: { tenantId?: string; limit: number }): Promise<(ClientErrorReport & { id: string; createdAt: Date })[]>;
}
