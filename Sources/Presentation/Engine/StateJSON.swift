import JSON

extension PresentationState {
    /// The state as SPEC §5 gives it, exactly: `prototype, device, orientation, multitasking,
    /// sizeClass {horizontal, vertical}, screen, stack [{modal, requestedStyle, style, form,
    /// adaptedBy, detent, dirty, screen}]`, bottom to top.
    public var json: JSONValue {
        var o = JSONObject()
        o["prototype"] = .string(prototype)
        o["device"] = .string(environment.device.id)
        o["orientation"] = .string(environment.orientation.rawValue)
        o["multitasking"] = .string(environment.multitasking.rawValue)
        o["sizeClass"] = [
            "horizontal": .string(environment.horizontalSizeClass.rawValue),
            "vertical": .string(environment.verticalSizeClass.rawValue),
        ]
        o["screen"] = .string(screen)
        o["stack"] = .array(
            stack.map { e in
                var x = JSONObject()
                x["modal"] = .string(e.modal)
                x["requestedStyle"] = .string(e.requestedStyle.rawValue)
                x["style"] = .string(e.resolution.style.rawValue)
                x["form"] = .string(e.resolution.form.rawValue)
                x["adaptedBy"] = .string(e.resolution.adaptedBy)
                x["detent"] = .string(e.effectiveDetent(in: environment))
                x["dirty"] = .bool(e.dirty)
                x["screen"] = .string(e.screen)
                return .object(x)
            })
        return .object(o)
    }
}
