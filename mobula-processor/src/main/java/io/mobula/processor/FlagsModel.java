package io.mobula.processor;

import java.util.List;
import javax.lang.model.element.TypeElement;

/**
 * What {@link ImplementationFlagsGenerator} proved about one implementation class, for {@link FlagsEmitter}.
 *
 * @param element the implementation class, originating element of the generated file
 * @param packageName its package
 * @param sourceName its canonical name
 * @param flagsName simple name of the generated class ({@code Outer_Impl_MobulaFlags})
 * @param remoteInterface canonical name of the remote interface whose method ids are used
 * @param methods one entry per method id
 */
record FlagsModel(TypeElement element, String packageName, String sourceName, String flagsName,
        String remoteInterface, List<MethodFlag> methods) {

    /**
     * @param signature the method as a reader knows it, {@code ping(int)}
     * @param implementation name and erased parameter descriptor of the method implementing it in the class or
     *     a superclass, {@code ping(I)}, which the runtime looks for in subclasses; empty when there is none
     * @param nonBlocking proven non-blocking
     * @param reason why (or why not), for the generated comment
     */
    record MethodFlag(String signature, String implementation, boolean nonBlocking, String reason) {}

    String qualifiedName() {
        return packageName.isEmpty() ? flagsName : packageName + "." + flagsName;
    }
}
