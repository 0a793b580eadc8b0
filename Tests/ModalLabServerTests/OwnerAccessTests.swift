import Foundation
import HTTPServer
import Sharing
import TestSupport
import Testing

@testable import ModalLabServer

/// Owner access: the bearer header and owner sessions.
@Suite struct OwnerAccessTests {
    @Test func bearerCredentialsByTheRFCs() {
        func token(_ value: String) -> Substring? {
            HTTPRequest(target: "/", headers: ["Authorization": value]).bearerToken
        }
        #expect(token("Bearer abc") == "abc")
        // The scheme is case-insensitive (RFC 9110 §11.1); spaces around the token don't count.
        #expect(token("bEaReR   abc \t") == "abc")
        #expect(token("Basic YWxhZGRpbjpvcGVuc2VzYW1l") == nil)
        #expect(token("Bearerabc") == nil)
        #expect(token("Bearer") == nil)
        #expect(token("Bearer   ") == nil)
        #expect(token("Bearer\tabc") == nil)
        #expect(token("Bearé abc") == nil)
        #expect(HTTPRequest(target: "/", headers: ["Authorization": "Bearer x"]).hasBearerAuthorization)
        #expect(!HTTPRequest(target: "/", headers: ["Authorization": "Basic x"]).hasBearerAuthorization)
    }

    /// The bearer header or an owner session's cookie; never `?token=`, never the token as a
    /// cookie; a bearer header is judged alone.
    @Test func ownerIsRecognisedByHeaderOrSessionCookie() {
        let access = OwnerAccess(token: "s3cret-token", port: 8080)
        func request(_ target: String = "/", _ headers: HTTPHeaders = [:]) -> HTTPRequest {
            HTTPRequest(target: target, headers: headers)
        }
        #expect(access.isOwner(request("/", ["Authorization": "Bearer s3cret-token"])))
        #expect(access.isOwner(request("/", ["Authorization": "bearer s3cret-token "])))
        #expect(!access.isOwner(request("/", ["Authorization": "Bearer s3cret-toke"])))
        #expect(!access.isOwner(request("/", ["Authorization": "Bearer s3cret-token2"])))
        #expect(!access.isOwner(request("/", ["Authorization": "Basic s3cret-token"])))
        #expect(!access.isOwner(request("/", ["Cookie": "modallab_owner_8080=s3cret-token"])))
        #expect(!access.isOwner(request("/?token=s3cret-token")))
        #expect(!access.isOwner(request()))
        let setCookie = access.startSession()
        #expect(setCookie.hasPrefix("modallab_owner_8080="))
        #expect(
            setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Strict") && !setCookie.contains("Secure"))
        let pair = String(setCookie.split(separator: ";")[0])
        #expect(!pair.contains("s3cret-token"))
        #expect(access.isOwner(request("/", ["Cookie": "a=b; " + pair])))
        // Another port's cookie is another server's.
        #expect(!access.isOwner(request("/", ["Cookie": pair.replacingOccurrences(of: "_8080=", with: "_8081=")])))
        // A wrong bearer token is not rescued by a good cookie.
        #expect(!access.isOwner(request("/", ["Cookie": pair, "Authorization": "Bearer nope"])))
        #expect(access.startSession(secure: true).hasSuffix("; Secure"))
    }

    /// Sessions outlive a restart (their hashes are on disk, never their values), end after
    /// their lifetime, and all end when the token changes.
    @Test func sessionsAreKeptHashedAndEndWithTheToken() throws {
        let dir = try TemporaryDirectory("owner")
        defer { dir.remove() }
        let file = dir.path + "/owner-sessions.json"
        let first = OwnerAccess(token: "t1", sessionsFile: file)
        let cookie = String(first.startSession().split(separator: ";")[0])
        let value = String(cookie.split(separator: "=")[1])
        let request = HTTPRequest(target: "/", headers: ["Cookie": cookie])
        let stored = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!stored.contains(value) && stored.contains(SHA256.hex(value)))
        #expect(OwnerAccess(token: "t1", sessionsFile: file).isOwner(request))
        #expect(!OwnerAccess(token: "t2", sessionsFile: file).isOwner(request))
        let later = OwnerAccess(token: "t1", sessionsFile: file)
        later.now = { Date().addingTimeInterval(OwnerAccess.sessionLifetime + 1) }
        #expect(!later.isOwner(request))
    }

    @Test func jsonMediaTypes() {
        #expect(RequestBody.isJSON(mediaType: "application/json"))
        #expect(RequestBody.isJSON(mediaType: "application/json; charset=utf-8"))
        #expect(RequestBody.isJSON(mediaType: "application/problem+json"))
        #expect(RequestBody.isJSON(mediaType: "application/merge-patch+json ; q=1"))
        #expect(!RequestBody.isJSON(mediaType: "application/jsonx"))
        #expect(!RequestBody.isJSON(mediaType: "text/json+plain"))
        #expect(!RequestBody.isJSON(mediaType: "text/plain"))
        // Type and subtype in any case (RFC 9110 §8.3.1), parameters and whitespace around.
        #expect(RequestBody.isJSON(mediaType: "Application/JSON"))
        #expect(RequestBody.isJSON(mediaType: " APPLICATION/Problem+JSON\t;charset=UTF-8"))
        #expect(!RequestBody.isJSON(mediaType: "application/json-seq"))
        #expect(!RequestBody.isJSON(mediaType: "application/"))
        #expect(!RequestBody.isJSON(mediaType: ""))
        #expect(!RequestBody.isJSON(mediaType: "application\u{0}json"))
    }
}
