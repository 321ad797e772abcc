// The example VFS classes ship without type declarations.
declare module '@journeyapps/wa-sqlite/src/examples/OPFSCoopSyncVFS.js' {
  export class OPFSCoopSyncVFS {
    static create(name: string, module: unknown): Promise<OPFSCoopSyncVFS>
    name: string
    persistentFiles: Map<string, { accessHandle: FileSystemSyncAccessHandle | null; fileHandle: FileSystemFileHandle }>
    close(): Promise<void>
  }
}
