import JSON

extension JSONSyntaxError.Found {
    /// What was found, in both languages: "the end of the text" (文本结尾), a quoted character,
    /// a byte in hexadecimal.
    public var localized: LocalizedText {
        switch self {
        case .end: return LocalizedText("the end of the text", "文本结尾")
        case .character: return LocalizedText(verbatim: english)
        case .byte(let b):
            let hex = String(b, radix: 16, uppercase: true)
            let byte = (hex.count == 1 ? "0" : "") + hex
            return LocalizedText("byte 0x" + byte, "字节 0x" + byte)
        }
    }
}

extension JSONSyntaxError {
    /// What was wrong, in English (``message``) and in Simplified Chinese, so that a file that is
    /// not JSON at all is explained in the reader's language like every other format error.
    public var localizedMessage: LocalizedText {
        func zh(_ text: String) -> LocalizedText { LocalizedText(message, text) }
        switch reason {
        case .textAfterValue: return zh("JSON 值之后还有多余的文本")
        case .expectedValue(let f): return zh("此处应为一个 JSON 值，却是\(f.localized.zhHans)")
        case .expectedLiteral(let w): return zh("此处应为 '\(w)'")
        case .tooDeep(let max): return zh("嵌套超过 \(max) 层")
        case .expectedMemberName(let f): return zh("此处应为用双引号括起的成员名，却是\(f.localized.zhHans)")
        case .trailingComma(let c): return zh("'\(c)' 之前有多余的逗号（JSON 不允许尾随逗号：请删除它）")
        case .duplicateMember(let k): return zh("成员名 \"\(k)\" 重复")
        case .expectedColon(let k, let f): return zh("成员名 \"\(k)\" 之后应为 ':'，却是\(f.localized.zhHans)")
        case .expectedCommaOrClose(let c, let f):
            return zh(
                c == "}"
                    ? "对象成员之后应为 ',' 或 '}'，却是\(f.localized.zhHans)"
                    : "数组元素之后应为 ',' 或 ']'，却是\(f.localized.zhHans)")
        case .expectedDigit: return zh("此处应为数字")
        case .leadingZero: return zh("数字不能有前导零")
        case .expectedFractionDigit: return zh("小数点之后应为数字")
        case .expectedExponentDigit: return zh("指数中应为数字")
        case .numberOutOfRange: return zh("数字超出范围")
        case .expectedFourHexDigits: return zh("\\u 之后应为四个十六进制数字")
        case .expectedHexDigit: return zh("\\u 转义中应为十六进制数字")
        case .unterminatedString: return zh("字符串没有结束")
        case .invalidUTF8: return zh("字符串中有无效的 UTF-8")
        case .controlCharacter(let b):
            let hex = String(b, radix: 16, uppercase: true)
            return zh("字符串中有控制字符（请转义为 \\u00\(hex.count == 1 ? "0" : "")\(hex)）")
        case .unterminatedEscape: return zh("转义序列没有结束")
        case .loneHighSurrogate: return zh("\\u 转义中有孤立的高代理项")
        case .invalidLowSurrogate: return zh("\\u 转义中的低代理项无效")
        case .loneLowSurrogate: return zh("\\u 转义中有孤立的低代理项")
        case .invalidEscape(let c): return zh("无效的转义 '\\\(c)'")
        }
    }
}
