import HTTPServer
import Sharing

/// Lets only the owner through (``OwnerAccess/isOwner(_:)``); anyone else gets
/// ``Problem/ownerRequired`` (401). The middleware of the owner's route groups.
struct RequireOwner: HTTPMiddleware {
    let access: OwnerAccess

    func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? {
        guard access.isOwner(request) else { throw Problem.ownerRequired }
        return nil
    }

    /// A body only the owner may send is not read from anyone else: 401 with the head alone.
    func responseBeforeBody(of request: HTTPRequest) -> HTTPResponse? {
        access.isOwner(request) ? nil : Problem.ownerRequired.response
    }
}

/// `GET /?token=…`, the URL `serve` prints: trades the token for an owner session and answers
/// 303 to `/` without it (the token leaves the address bar; `Cache-Control: no-store`). A wrong
/// token is a 401. The only place `?token=` is read: registered on `/` alone.
struct TokenExchange: HTTPMiddleware {
    let access: OwnerAccess
    /// Whether browsers reach the server over HTTPS (a trusted `https://` origin): the cookie
    /// is then `Secure`.
    let secure: Bool

    func willHandle(_ request: inout HTTPRequest) throws -> HTTPResponse? {
        guard let presented = request.query("token") else { return nil }
        guard constantTimeEqual(presented, access.token) else {
            throw Problem(
                .unauthorized, title: "Wrong owner token",
                detail: "the token in the address does not match; use the URL `modallab serve` printed")
        }
        var r = HTTPResponse.redirect(to: "/")
        r.headers.add(name: "Set-Cookie", value: access.startSession(secure: secure))
        r.headers.add(name: "Cache-Control", value: "no-store")
        return r
    }
}

extension Problem {
    /// 401 for a request without owner credentials.
    static var ownerRequired: Problem {
        Problem(
            .unauthorized, title: "Owner token required",
            detail:
                "open the URL `modallab serve` printed (http://…/?token=…), or send Authorization: Bearer <token>",
            headers: ["WWW-Authenticate": "Bearer realm=\"modallab\""])
    }
}
