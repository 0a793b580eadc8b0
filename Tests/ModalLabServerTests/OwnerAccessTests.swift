import HTTPServer
import Testing

@testable import ModalLabServer

/// Owner access (SPEC §6): the bearer header, the cookie and `?token=`.
@Suite struct OwnerAccessTests {
    @Test func bearerCredentialsByTheRFCs() {
        #expect(OwnerAccess.bearerToken("Bearer abc") == "abc")
        // The scheme is case-insensitive (RFC 9110 §11.1); spaces around the token don't count.
        #expect(OwnerAccess.bearerToken("bEaReR   abc \t") == "abc")
        #expect(OwnerAccess.bearerToken("Basic YWxhZGRpbjpvcGVuc2VzYW1l") == nil)
        #expect(OwnerAccess.bearerToken("Bearerabc") == nil)
        #expect(OwnerAccess.bearerToken("Bearer") == nil)
        #expect(OwnerAccess.bearerToken("Bearer   ") == nil)
        #expect(OwnerAccess.bearerToken("Bearer\tabc") == nil)
        #expect(OwnerAccess.bearerToken("Bearé abc") == nil)
    }

    @Test func ownerIsRecognisedByHeaderCookieOrQuery() {
        let access = OwnerAccess(token: "s3cret-token")
        func request(_ target: String = "/", _ headers: HTTPHeaders = [:]) -> HTTPRequest {
            HTTPRequest(target: target, headers: headers)
        }
        #expect(access.isOwner(request("/", ["Authorization": "Bearer s3cret-token"])))
        #expect(access.isOwner(request("/", ["Authorization": "bearer s3cret-token "])))
        #expect(!access.isOwner(request("/", ["Authorization": "Bearer s3cret-toke"])))
        #expect(!access.isOwner(request("/", ["Authorization": "Bearer s3cret-token2"])))
        #expect(!access.isOwner(request("/", ["Authorization": "Basic s3cret-token"])))
        #expect(access.isOwner(request("/", ["Cookie": "a=b; modallab_owner=s3cret-token"])))
        #expect(access.isOwner(request("/?token=s3cret-token")))
        #expect(!access.isOwner(request("/?token=nope")))
        #expect(!access.isOwner(request()))
    }

    @Test func jsonMediaTypes() {
        #expect(RequestBody.isJSON(mediaType: "application/json"))
        #expect(RequestBody.isJSON(mediaType: "application/json; charset=utf-8"))
        #expect(RequestBody.isJSON(mediaType: "application/problem+json"))
        #expect(RequestBody.isJSON(mediaType: "application/merge-patch+json ; q=1"))
        #expect(!RequestBody.isJSON(mediaType: "application/jsonx"))
        #expect(!RequestBody.isJSON(mediaType: "text/json+plain"))
        #expect(!RequestBody.isJSON(mediaType: "text/plain"))
    }
}
