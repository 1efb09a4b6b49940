package io.mobula.processor;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * The read/write table of one cloud class (thesis 4.2.2), computed by {@link ReadWriteAnalysis} and immutable.
 *
 * @param element the user's class, originating element of the generated file
 * @param packageName its package, empty for the unnamed package
 * @param sourceName its canonical name
 * @param binaryName its binary name
 * @param className the generated class's simple name, {@code Outer_C_MobulaCloudClass}
 * @param writes its write methods (declared first, then inherited), with why each is one
 */
record CloudClassModel(TypeElement element, String packageName, String sourceName, String binaryName,
        String className, List<Write> writes) {

    String qualifiedName() {
        return packageName.isEmpty() ? className : packageName + "." + className;
    }

    /**
     * One write method.
     *
     * @param signature name and JVM descriptor, {@code push(I)V}
     * @param reason why it is a write, {@code assigns top, size}
     */
    record Write(String signature, String reason) {
    }
}
