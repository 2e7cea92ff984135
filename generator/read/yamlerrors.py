"""PyYAML's English description of a syntax problem → one Korean finding that names the file and line."""

from __future__ import annotations

from generator.findings import Report


def syntax_finding(report: Report, where: str, line: int | None, problem: str) -> None:
    place = f"{where}:{line}" if line else where
    report.cannot_read("yaml-syntax", f"YAML 문법 오류: {problem or '알 수 없는 문제'} ({place})", where=place)


_DIRECTIVE_OR_TAG = "'%'로 시작하는 줄(YAML 지시문)이나 '!'로 시작하는 값(태그)은 쓸 수 없습니다. 글자로 쓰려면 값 전체를 따옴표로 감싸세요"
_BAD_ESCAPE = "큰따옴표 안의 역슬래시 표기(\\x, \\u 등)가 올바르지 않습니다. 역슬래시를 글자 그대로 쓰려면 작은따옴표로 감싸거나 \\를 두 번 쓰세요"
# PyYAML's problem texts (their start) → Korean; the first match wins, so longer starts come first.
_YAML_PROBLEMS = {
    "mapping values are not allowed here": "이 위치에는 '키: 값'을 쓸 수 없습니다. 값에 ': '가 들어 있으면 값 전체를 따옴표로 감싸고, 아니면 들여쓰기를 확인하세요",
    "mapping keys are not allowed here": "이 위치에는 '? 키'를 쓸 수 없습니다. 들여쓰기를 확인하거나, '?'로 시작하는 값은 따옴표로 감싸세요",
    "found character '\\t' that cannot start any token": "탭 문자는 들여쓰기에 쓸 수 없습니다(공백을 쓰세요)",
    "found a tab character": "탭 문자는 들여쓰기에 쓸 수 없습니다(공백을 쓰세요)",
    "found character": "이 문자로는 값을 시작할 수 없습니다. 값 전체를 따옴표로 감싸세요",
    "could not find expected ':'": "':'가 있어야 할 곳에 없습니다. '키: 값' 형식인지, 따옴표가 닫혔는지 확인하세요",
    "found unexpected end of stream": "따옴표나 괄호가 닫히지 않은 채 파일이 끝났습니다",
    "found unexpected document separator": "따옴표가 닫히지 않은 채 '---'나 '...' 줄이 나왔습니다. 따옴표를 닫았는지 확인하세요",
    "expected ',' or ']'": "목록의 닫는 괄호 ']'가 없거나 항목 사이에 쉼표가 없습니다",
    "expected ',' or '}'": "묶음의 닫는 괄호 '}'가 없거나 항목 사이에 쉼표가 없습니다",
    "expected <block end>, but found '-'": "목록 항목(-)의 들여쓰기가 맞지 않습니다",
    "expected <block end>": "들여쓰기가 맞지 않습니다. 같은 단계의 항목은 같은 칸에서 시작해야 합니다",
    "expected a single document": "한 파일에는 YAML 문서 하나만 쓸 수 있습니다('---' 구분선을 지우세요)",
    "but found another document": "한 파일에는 YAML 문서 하나만 쓸 수 있습니다('---' 구분선을 지우세요)",
    "expected '<document start>'": "'...'(문서 끝 표시)나 '%'로 시작하는 줄 뒤에 '---' 없이 내용이 이어집니다. 그 줄을 지우거나, 글자라면 따옴표로 감싸세요",
    "expected the node content": "값이 있어야 할 곳에서 줄이나 파일이 끝났습니다. 여는 괄호 '['나 '{'를 닫았는지, 쉼표나 '-' 뒤에 값이 있는지 확인하세요",
    "expected the empty value": "'?'로 시작하는 키 뒤가 올바르지 않습니다. '?'로 시작하는 값은 따옴표로 감싸세요",
    "expected chomping or indentation indicators": "'|'나 '>' 뒤에는 같은 줄에 글자를 쓸 수 없습니다. 내용은 다음 줄부터 들여 써서 쓰거나, 값 전체를 따옴표로 감싸세요",
    "expected indentation indicator": "'|'나 '>' 뒤의 숫자는 1에서 9까지입니다. 내용은 다음 줄부터 들여 써서 쓰세요",
    "expected a comment or a line break": "값 뒤에 같은 줄에 다른 글자가 이어집니다. 한 줄에는 값 하나만 쓰고, 설명은 ' #' 뒤에 쓰세요. 값에 따옴표가 들어 있으면 값 전체를 다른 종류의 따옴표로 감싸세요",
    "expected escape sequence": _BAD_ESCAPE,
    "found unknown escape character": _BAD_ESCAPE,
    "expected URI escape sequence": _DIRECTIVE_OR_TAG,
    "expected URI": _DIRECTIVE_OR_TAG,
    "expected a digit": _DIRECTIVE_OR_TAG,
    "expected ' '": _DIRECTIVE_OR_TAG,
    "expected '!'": _DIRECTIVE_OR_TAG,
    "expected '>'": _DIRECTIVE_OR_TAG,
    "expected non-empty name appended to the tag": _DIRECTIVE_OR_TAG,
    "found non-specific tag": _DIRECTIVE_OR_TAG,
    "found undefined tag handle": _DIRECTIVE_OR_TAG,
    "found duplicate YAML directive": _DIRECTIVE_OR_TAG,
    "found incompatible YAML document": _DIRECTIVE_OR_TAG,
    "found undefined alias": "YAML 별칭(*이름)은 사용할 수 없습니다",
    "found duplicate anchor": "YAML 별칭(*이름)은 사용할 수 없습니다",
    "found unconstructable recursive node": "YAML 별칭(*이름)은 사용할 수 없습니다",
    "expected alphabetic or numeric character": "YAML 별칭(*)이나 앵커(&) 이름이 올바르지 않습니다. 값이 *나 &로 시작하면 따옴표로 감싸세요",
    "could not determine a constructor for the tag": "이 YAML 태그(!…)는 쓸 수 없습니다. 태그 없이 평범한 값만 쓰세요",
    "found unhashable key": "키에는 목록이나 묶음을 쓸 수 없습니다",
    "found duplicate key": "같은 키가 두 번 나옵니다. 하나만 남겨 주세요",
    # libyaml's wording of the same problems (read from the C parser for long files)
    "mapping values are not allowed in this context": "이 위치에는 '키: 값'을 쓸 수 없습니다. 값에 ': '가 들어 있으면 값 전체를 따옴표로 감싸고, 아니면 들여쓰기를 확인하세요",
    "found character that cannot start any token": "이 문자로는 값을 시작할 수 없습니다(탭 문자라면 공백으로 바꾸세요). 값 전체를 따옴표로 감싸세요",
    "did not find expected comment or line break": "값 뒤에 같은 줄에 다른 글자가 이어집니다. 한 줄에는 값 하나만 쓰고, 설명은 ' #' 뒤에 쓰세요",
    "did not find expected hexdecimal number": _BAD_ESCAPE,
    "did not find expected <document start>": "'...'(문서 끝 표시)나 '%'로 시작하는 줄 뒤에 '---' 없이 내용이 이어집니다. 그 줄을 지우거나, 글자라면 따옴표로 감싸세요",
    "did not find expected node content": "값이 있어야 할 곳에서 줄이나 파일이 끝났습니다. 여는 괄호 '['나 '{'를 닫았는지, 쉼표나 '-' 뒤에 값이 있는지 확인하세요",
    "did not find expected ',' or ']'": "목록의 닫는 괄호 ']'가 없거나 항목 사이에 쉼표가 없습니다",
    "did not find expected ',' or '}'": "묶음의 닫는 괄호 '}'가 없거나 항목 사이에 쉼표가 없습니다",
    "did not find expected '-' indicator": "목록 항목(-)의 들여쓰기가 맞지 않습니다",
    "did not find expected key": "들여쓰기가 맞지 않거나, 값 뒤에 같은 줄에 다른 글자가 이어집니다. 같은 단계의 항목은 같은 칸에서 시작하고, 따옴표로 감싼 값 뒤에는 아무것도 쓰지 마세요",
    "found an indentation indicator equal to 0": "'|'나 '>' 뒤의 숫자는 1에서 9까지입니다. 내용은 다음 줄부터 들여 써서 쓰세요",
    "did not find the expected '>'": _DIRECTIVE_OR_TAG,
    "did not find expected version number": _DIRECTIVE_OR_TAG,
    "second occurrence": "YAML 별칭(*이름)은 사용할 수 없습니다",
    "exceeded maximum nesting depth": "괄호나 들여쓰기가 너무 깊게 겹쳐 있습니다",
}
# Said when PyYAML reports something not in the table: still Korean, still pointing at what to check.
YAML_PROBLEM_FALLBACK = (
    "YAML 문법이 맞지 않습니다. 이 줄과 바로 앞 줄의 들여쓰기, 따옴표, 괄호를 확인하고, "
    "':', '#', '|', '>', '%', '@', '`', '!', '&', '*'가 들어간 값은 따옴표로 감싸세요"
)


def translate_yaml_problem(problem: str, context: str = "") -> str:
    """PyYAML's or libyaml's English problem → a Korean explanation; never English, whatever they say."""
    if "block scalar" in context and ("comment or line break" in problem or "indentation indicator" in problem):
        return _YAML_PROBLEMS["expected chomping or indentation indicators"]
    if "directive" in context or "while scanning a tag" in context:
        return _DIRECTIVE_OR_TAG
    for english, korean in _YAML_PROBLEMS.items():
        if problem.startswith(english):
            return korean
    if any("\uac00" <= ch <= "\ud7a3" for ch in problem):
        return problem  # raised by our own loader, already Korean
    return YAML_PROBLEM_FALLBACK
