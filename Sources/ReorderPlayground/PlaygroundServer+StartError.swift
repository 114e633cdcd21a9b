#if canImport(Glibc)
import Glibc
#endif
import NIOCore

extension PlaygroundServer {
    /// What to tell the user when the server cannot start listening on `host`:`port`: the
    /// cause in words and what to do, for the errors a user can fix (NIO's own text names the
    /// system call: `bind(descriptor:ptr:bytes:): Address already in use) (errno: 98)`); nil for
    /// any other error.
    ///
    /// ```swift
    /// PlaygroundServer.startProblem(IOError(errnoCode: EADDRINUSE, reason: "bind"), host: "127.0.0.1", port: 8080)
    /// // "port 8080 is in use; try --port 0 (any free port) or another port"
    /// ```
    public static func startProblem(_ error: any Error, host: String, port: Int) -> String? {
        guard let io = error as? IOError else { return nil }
        switch io.errnoCode {
        case EADDRINUSE:
            return "port \(port) is in use; try --port 0 (any free port) or another port"
        case EACCES:
            return "port \(port) needs privileges this process does not have (ports below 1024 do); try --port 0 (any free port) or a port from 1024"
        case EADDRNOTAVAIL:
            return "cannot listen on \(host): no network interface of this machine has that address; try --host 127.0.0.1"
        default:
            return nil
        }
    }
}
