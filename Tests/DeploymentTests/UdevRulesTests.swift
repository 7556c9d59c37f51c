import Foundation
import Testing

/// What every rule that gives the kiosk a scanner must say (DESIGN.md §8).
enum ScannerRuleRequirements {
    static let matches: [(key: String, value: String)] = [("SUBSYSTEM", "input"), ("KERNEL", "event*")]
    static let assignments: [(key: String, attribute: String?, operation: UdevRule.Operation, value: String)] = [
        ("GROUP", nil, .assign, "bookkiosk"),
        ("MODE", nil, .assign, "0660"),
        ("SYMLINK", nil, .add, "input/bookkiosk-scanner-%n"),
        ("ENV", "LIBINPUT_IGNORE_DEVICE", .assign, "1"),
        ("ENV", "ID_SEAT", .assign, "none"),
    ]

    /// A rule that matches a USB vendor is a scanner rule.
    static func isScannerRule(_ rule: UdevRule) -> Bool {
        !rule.terms("ATTRS", "idVendor").isEmpty
    }

    /// What is wrong with `rule` as a scanner rule; empty when nothing is.
    static func problems(in rule: UdevRule) -> [String] {
        var problems: [String] = []
        for (key, value) in matches where rule.value(key, nil, .equal) != value {
            problems.append("needs \(key)==\"\(value)\"")
        }
        for (key, attribute, operation, value) in assignments
        where rule.value(key, attribute, operation) != value {
            let name = attribute.map { "\(key){\($0)}" } ?? key
            problems.append("needs exactly one \(name)\(operation.rawValue)\"\(value)\"")
        }
        for attribute in ["idVendor", "idProduct"] {
            for term in rule.terms("ATTRS", attribute) {
                if term.operation != .equal || !isUSBID(term.value) {
                    problems.append("ATTRS{\(attribute)} must be == 4 lowercase hex digits, not \(term.operation.rawValue)\"\(term.value)\"")
                }
            }
        }
        if rule.terms("TAG").contains(where: { $0.value == "uaccess" }) {
            problems.append("must not carry the uaccess tag: scanners are keyboards")
        }
        return problems
    }

    static func isUSBID(_ value: String) -> Bool {
        value.count == 4 && value.allSatisfy { ("0"..."9").contains($0) || ("a"..."f").contains($0) }
    }
}

@Suite("udev rule for the scanners")
struct UdevRulesTests {
    let file: UdevRulesFile
    let text: String

    init() throws {
        text = try DeploymentFiles.text(of: DeploymentFiles.udevRules)
        file = try UdevRulesFile(parsing: text)
    }

    var scannerRules: [UdevRule] { file.rules.filter(ScannerRuleRequirements.isScannerRule) }

    @Test("every rule line is well formed, and every rule is a complete scanner rule")
    func everyRuleIsAScannerRule() {
        #expect(scannerRules.count >= 10)
        for rule in file.rules {
            let problems = ScannerRuleRequirements.isScannerRule(rule)
                ? ScannerRuleRequirements.problems(in: rule)
                : ["matches no ATTRS{idVendor}"]
            #expect(problems.isEmpty, "line \(rule.lineNumber): \(problems.joined(separator: "; "))")
        }
    }

    @Test("no rule in the file uses the uaccess tag")
    func noUaccess() {
        let tags = file.rules.flatMap { $0.terms("TAG") }
        #expect(!tags.contains { $0.value.contains("uaccess") })
    }

    @Test("no vendor, or vendor and product, is listed twice")
    func noDuplicates() {
        let ids = scannerRules.map { rule in
            [rule.value("ATTRS", "idVendor", .equal), rule.value("ATTRS", "idProduct", .equal)]
                .compactMap { $0 }.joined(separator: ":")
        }
        #expect(Set(ids).count == ids.count, "\(ids)")
        let wholeVendors = Set(scannerRules.filter { $0.terms("ATTRS", "idProduct").isEmpty }
            .compactMap { $0.value("ATTRS", "idVendor", .equal) })
        let productsOfWholeVendors = ids.filter { $0.contains(":") && wholeVendors.contains(String($0.prefix(4))) }
        #expect(productsOfWholeVendors.isEmpty, "already matched by vendor: \(productsOfWholeVendors)")
    }

    @Test("every group of rules is explained by a comment line right above it")
    func rulesAreCommented() {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for rule in file.rules {
            let above = lines[rule.lineNumber - 2].trimmingCharacters(in: .whitespaces)
            let aboveIsRule = file.rules.contains { $0.lineNumber == rule.lineNumber - 1 }
            #expect(above.hasPrefix("#") || aboveIsRule, "line \(rule.lineNumber) has no comment above it")
        }
    }

    @Test(
        "every vendor and product ID is in the USB ID repository",
        .enabled(if: USBIDs.file != nil, "usb.ids not found (Debian package hwdata or usbutils)")
    )
    func idsAreInUSBIDs() throws {
        let ids = try USBIDs(contentsOf: #require(USBIDs.file))
        for rule in scannerRules {
            guard let vendor = rule.value("ATTRS", "idVendor", .equal) else { continue }
            #expect(ids.vendors[vendor] != nil, "line \(rule.lineNumber): vendor \(vendor) is not in usb.ids")
            if let product = rule.value("ATTRS", "idProduct", .equal) {
                #expect(ids.products[vendor]?.contains(product) == true,
                        "line \(rule.lineNumber): product \(vendor):\(product) is not in usb.ids")
            }
        }
    }

    @Test(
        "udevadm verify accepts the file",
        .enabled(if: ExternalCommand.accepts("udevadm", ["verify", "--help"]),
                 "this udev has no `udevadm verify` (it came with systemd 254)")
    )
    func udevadmVerify() throws {
        let udevadm = try #require(ExternalCommand.locate("udevadm"))
        let outcome = try ExternalCommand.run(
            udevadm, ["verify", "--resolve-names=never", DeploymentFiles.udevRules.path]
        )
        #expect(outcome.succeeded, "\(outcome.output)")
    }
}

@Suite("the udev rule checker itself")
struct UdevRuleCheckerTests {
    @Test("a well-formed scanner rule passes")
    func wellFormed() throws {
        let rule = try UdevRulesFile.parseRule(
            #"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{idVendor}=="0c2e", GROUP="bookkiosk", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none""#,
            lineNumber: 1
        )
        #expect(rule.terms.count == 8)
        #expect(rule.value("ATTRS", "idVendor", .equal) == "0c2e")
        #expect(ScannerRuleRequirements.problems(in: rule).isEmpty)
    }

    @Test("malformed lines are refused", arguments: [
        (#"SUBSYSTEM=="input", KERNEL=="event*"#, "no closing quote"),
        (#"SUBSYSTEM=="input" KERNEL=="event*""#, "expected a comma"),
        (#"SUBSYSTEM=="input","#, "a comma ends the line"),
        (#"SUBSYSTEMZ=="input""#, "unknown key"),
        (#"GROUP=="bookkiosk""#, "does not take the operator =="),
        (#"KERNEL="event*""#, "does not take the operator ="),
        (#"ENV="1""#, "needs an {attribute}"),
        (#"MODE{x}="0660""#, "takes no {attribute}"),
        (#"MODE=0660"#, "double quotes"),
        (#"MODE~"0660""#, "expected an operator"),
        (#"ATTRS{idVendor=="0c2e""#, "no closing brace"),
        (#"ATTRS{idVendor}=="0c2e", \"#, "line continuation"),
    ])
    func malformed(line: String, expected: String) {
        #expect {
            _ = try UdevRulesFile.parseRule(line[...], lineNumber: 7)
        } throws: { error in
            let syntaxError = error as? UdevSyntaxError
            return syntaxError?.lineNumber == 7 && syntaxError?.message.contains(expected) == true
        }
    }

    @Test("a scanner rule missing its assignments, or with a bad vendor ID, is refused", arguments: [
        (#"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{idVendor}=="0C2E", GROUP="bookkiosk", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none""#, "4 lowercase hex digits"),
        (#"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{idVendor}=="0c2e", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none""#, "GROUP"),
        (#"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{idVendor}=="0c2e", GROUP="bookkiosk", MODE="0666", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none""#, "MODE"),
        (#"SUBSYSTEM=="input", ATTRS{idVendor}=="0c2e", GROUP="bookkiosk", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none""#, "KERNEL"),
        (#"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{idVendor}=="0c2e", GROUP="bookkiosk", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{LIBINPUT_IGNORE_DEVICE}="1", ENV{ID_SEAT}="none", TAG+="uaccess""#, "uaccess"),
        (#"SUBSYSTEM=="input", KERNEL=="event*", ATTRS{idVendor}=="0c2e", GROUP="bookkiosk", MODE="0660", SYMLINK+="input/bookkiosk-scanner-%n", ENV{ID_SEAT}="none""#, "LIBINPUT_IGNORE_DEVICE"),
    ])
    func incompleteScannerRule(line: String, expected: String) throws {
        let rule = try UdevRulesFile.parseRule(line[...], lineNumber: 1)
        let problems = ScannerRuleRequirements.problems(in: rule)
        #expect(problems.contains { $0.contains(expected) }, "\(problems)")
    }
}
